import { Link } from 'react-router';
import { importanceColour } from '../../components/ImportanceBadge';
import { liveNoticeText, type LiveFilingEvent } from './live-filing';
import { DismissibleBanner } from '../../components/DismissibleBanner';
import { Icon } from '../../components/Icon';

/** A short, dismissible notice for a filing that just arrived (announced politely). */
export function LiveNotice({ event, onDismiss }: { event: LiveFilingEvent | null; onDismiss: () => void }) {
  return (
    <div className="live-notice-region" aria-live="polite" aria-atomic="true">
      {event && (
        <div className={`live-notice live-notice--${importanceColour(event.importance)}`} data-testid="live-notice">
          <span className="live-notice__dot" aria-hidden="true" />
          <p>
            {liveNoticeText(event)} <Link to={`/ticker/${encodeURIComponent(event.ticker)}`}>View</Link>
          </p>
          <button type="button" className="icon-btn" aria-label="Dismiss notice" onClick={onDismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

const LIVE_STATE_TEXT = {
  pending: 'Live updates on',
  connecting: 'Connecting to live updates…',
  error: 'Live updates paused, reconnecting…',
  idle: 'Live updates off',
} as const;

/** PRO dashboards: whether new filings are streaming in right now. */
export function LiveIndicator({ status }: { status: keyof typeof LIVE_STATE_TEXT }) {
  return (
    <span className="live-chip" data-state={status} data-testid="live-indicator" role="status">
      <span className="live-chip__dot" aria-hidden="true" />
      {LIVE_STATE_TEXT[status]}
    </span>
  );
}

/**
 * Non-PRO users see what live updates would give them: information, dismissible and remembered;
 * the header's Upgrade button is the way to PRO (issue 28: at most two upgrade prompts in view).
 */
export function RealtimeUpsell() {
  return (
    <DismissibleBanner
      id="realtime-upsell"
      label="the real-time alerts note"
      labelledBy="realtime-title"
      className="realtime-upsell"
    >
      <span className="realtime-upsell__icon" aria-hidden="true">
        <Icon name="bolt" size="1.6rem" />
      </span>
      <div>
        <h3 id="realtime-title">Get real-time alerts</h3>
        <p>
          Free plans get a daily digest. PRO dashboards update live the moment a filing is scored, with instant email
          and SMS alerts.
        </p>
      </div>
    </DismissibleBanner>
  );
}
