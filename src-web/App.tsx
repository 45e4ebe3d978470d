import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from './components/ErrorBoundary';
import { createLinks, trpc } from './lib/trpc';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** SPEC.md section 9: general data stale after 60 s, kept 5 min, 1 retry, mutations not retried. */
function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1 },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => trpc.createClient({ links: createLinks() }));
  return (
    <ErrorBoundary>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </ErrorBoundary>
  );
}
