import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from './components/ErrorBoundary';
import { PlanSync } from './features/billing/PlanSync';
import { SessionSync } from './features/session/SessionSync';
import { makeQueryClient } from './lib/query-client';
import { createLinks, trpc } from './lib/trpc';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => trpc.createClient({ links: createLinks() }));
  return (
    <ErrorBoundary>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <SessionSync />
          <PlanSync />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </ErrorBoundary>
  );
}
