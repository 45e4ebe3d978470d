import { Link } from 'react-router';
import { COPY } from '#shared/copy';
import { hasActiveProPlan } from '#shared/plans';
import { brandLink, currentBrandConfig } from '../brand/current-brand';
import { useAuth } from '../lib/session';
import { LogoutButton } from '../features/session/LogoutButton';
import { ThemeToggle } from '../features/session/ThemeToggle';

/**
 * Upgrade: this brand's /upgrade, or, where the brand sells no plans (the Form 4 brand), the
 * upgrade page of the brand its config names as the upgrade target.
 */
function UpgradeLink() {
  const brand = currentBrandConfig();
  const target = brand.upgrades.targetBrand;
  const href = !brand.features.billing && target ? brandLink(target) : null;
  if (href) {
    return (
      <a className="btn btn-upgrade" href={href.replace(/\/?(\?|$)/, '/upgrade$1')}>
        Upgrade
      </a>
    );
  }
  return (
    <Link className="btn btn-upgrade" to="/upgrade">
      Upgrade
    </Link>
  );
}

/** Brand, tagline, PRO badge (plan pro and active), identity, settings, Upgrade (non-PRO), Logout or Login. */
export function Header() {
  const brand = currentBrandConfig();
  const auth = useAuth();
  const identity = auth.user?.email || auth.user?.phone || COPY.anonymous;
  return (
    <header className="site-header">
      <div className="site-header__brand">
        <Link className="brand" to="/">
          <span className="brand__logo" aria-hidden="true">
            {brand.ui.logoText}
          </span>
          <span className="brand__text">
            <span className="brand__name">{brand.brandName}</span>
            <span className="brand__tagline">{brand.tagline}</span>
          </span>
        </Link>
        {hasActiveProPlan(auth.user) && (
          <span className="pro-badge" title="PRO subscription active">
            PRO
          </span>
        )}
      </div>
      <nav className="site-header__nav" aria-label="Account">
        <span className="identity" data-testid="identity" title={identity}>
          <span className="identity__dot" aria-hidden="true" data-verified={auth.verified} />
          <span className="identity__text">{identity}</span>
        </span>
        <Link className="btn btn-ghost" to="/settings">
          Settings
        </Link>
        <ThemeToggle />
        {!auth.pro && <UpgradeLink />}
        {auth.loggedIn ? (
          <LogoutButton />
        ) : (
          <Link className="btn btn-secondary" to="/login">
            Login
          </Link>
        )}
      </nav>
    </header>
  );
}
