import { useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '../lib/storage';

/** Local storage key of a dismissed banner: `dismissed:<id>` (kept across reloads and sign-ins). */
const dismissedKey = (id: string) => `dismissed:${id}`;

/**
 * An information banner with a close button; once closed it stays closed in this browser
 * (issue 28: two info banners pushed the cards below the first screen on every visit).
 */
export function DismissibleBanner({
  id,
  label,
  labelledBy,
  className,
  children,
  as: Tag = 'aside',
}: {
  /** Names the banner in storage; a new id shows a reworded banner again. */
  id: string;
  /** What the close button says it closes ("Dismiss the … note"). */
  label: string;
  /** Id of the banner's heading: an `aside` is a landmark, and a landmark needs a name. */
  labelledBy?: string;
  className: string;
  children: ReactNode;
  as?: 'aside' | 'div';
}) {
  const [dismissed, setDismissed] = useState(() => readStorage(dismissedKey(id)) === '1');
  if (dismissed) return null;
  return (
    <Tag className={`${className} dismissible`} data-banner={id} aria-labelledby={labelledBy}>
      {children}
      <button
        type="button"
        className="icon-btn dismissible__close"
        aria-label={`Dismiss ${label}`}
        title="Dismiss"
        onClick={() => {
          writeStorage(dismissedKey(id), '1');
          setDismissed(true);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </Tag>
  );
}
