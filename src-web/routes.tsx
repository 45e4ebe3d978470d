import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from './components/ErrorScreen';
import { Loading } from './components/Loading';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
};

const dashboard = () => page(() => import('./pages/dashboard/DashboardPage'));

/** The route table of SPEC.md section 2; every page loads on demand. */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', element: dashboard() },
      { path: '/watchlist', element: dashboard() },
      { path: '*', element: page(() => import('./pages/not-found/NotFoundPage')) },
    ],
  },
];
