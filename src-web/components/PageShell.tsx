import type { ReactNode } from 'react';
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
      <main id="main" className={className} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
