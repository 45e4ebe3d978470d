import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from './components/ErrorScreen';
import { Loading } from './components/Loading';
import { AdminGuard } from './features/admin/AdminGuard';
import { ADMIN_SECTIONS } from './features/admin/admin-sections';

type PageModule = { default: ComponentType };

function page(load: () => Promise<PageModule>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

const dashboard = page(() => import('./pages/dashboard/DashboardPage'));
const enhancedTicker = page(() => import('./pages/ticker/TickerPage'));
const publicTicker = page(() => import('./pages/ticker/PublicTickerPage'));
const insider = page(() => import('./pages/insider/InsiderPage'));
const admin = <AdminGuard>{page(() => import('./pages/admin/AdminPage'))}</AdminGuard>;

/** The route table of SPEC.md section 2; every page loads on demand. */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', element: dashboard },
      { path: '/watchlist', element: dashboard },
      { path: '/ticker/:ticker', element: enhancedTicker },
      { path: '/ticker-enhanced/:ticker', element: enhancedTicker },
      { path: '/ticker-old/:ticker', element: publicTicker },
      { path: '/public/ticker/:ticker', element: publicTicker },
      { path: '/insider/cik/:cik', element: insider },
      { path: '/insider/:name', element: insider },
      { path: '/login', element: page(() => import('./pages/login/LoginPage')) },
      {
        path: '/login/link',
        element: page(() => import('./pages/login/LinkConfirmPage').then((m) => ({ default: m.LoginLinkPage }))),
      },
      {
        path: '/verify-email',
        element: page(() => import('./pages/login/LinkConfirmPage').then((m) => ({ default: m.VerifyEmailPage }))),
      },
      { path: '/upgrade', element: page(() => import('./pages/upgrade/UpgradePage')) },
      { path: '/pricing', element: page(() => import('./pages/pricing/PricingPage')) },
      { path: '/billing/success', element: page(() => import('./pages/billing/BillingSuccessPage')) },
      { path: '/settings', element: page(() => import('./pages/settings/SettingsPage')) },
      { path: '/terms', element: page(() => import('./pages/legal/TermsPage')) },
      { path: '/privacy', element: page(() => import('./pages/legal/PrivacyPage')) },
      { path: '/about-our-ai', element: page(() => import('./pages/about-ai/AboutAiPage')) },
      { path: '/latency', element: page(() => import('./pages/latency/LatencyPage')) },
      {
        path: '/filing-display-comparison',
        element: page(() => import('./pages/comparison/FilingDisplayComparisonPage')),
      },
      {
        path: '/ticker-detail-comparison',
        element: page(() => import('./pages/comparison/TickerDetailComparisonPage')),
      },
      { path: '/admin/login', element: page(() => import('./pages/admin/AdminLoginPage')) },
      { path: '/admin', element: admin },
      ...ADMIN_SECTIONS.map((section) => ({ path: `/admin/${section}`, element: admin })),
      { path: '*', element: page(() => import('./pages/not-found/NotFoundPage')) },
    ],
  },
];
