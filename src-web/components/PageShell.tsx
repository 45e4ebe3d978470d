import type { ReactNode } from 'react';
import { BillingIssueBanner } from '../features/billing/BillingIssueBanner';
import { Footer } from './Footer';
import { Header } from './Header';

/** Every user-facing page: header, the page's main content, footer. */
export function PageShell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <BillingIssueBanner />
      <main id="main" className={className} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
