import { Link } from 'react-router';
import { COPY } from '#shared/copy';
import { currentBrandConfig } from '../brand/current-brand';
import { LiveStatus } from '../features/live/LiveStatus';

export function Footer() {
  const brand = currentBrandConfig();
  return (
    <footer className="site-footer">
      <span>
        © {new Date().getFullYear()} {brand.brandName} · {COPY.footerDisclaimer}
      </span>
      <nav aria-label="Footer">
        <Link to="/pricing">Pricing</Link>
        <Link to="/privacy">Privacy</Link>
        <Link to="/terms">Terms</Link>
      </nav>
      <LiveStatus />
    </footer>
  );
}
