import type { ReactNode } from 'react';
import { formatExactTime, formatRelativeTime } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/router-types';
import { ListTable } from '../components/ListTable';
import { Stat, StatCard } from '../components/StatCard';

export type AdminUser = RouterOutputs['admin']['users']['get'];

export const when = (iso: string | null): ReactNode =>
  iso ? (
    <time dateTime={iso} title={formatExactTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  ) : (
    '—'
  );

function planWords(u: AdminUser): string {
  if (u.plan.planType === 'pro' && u.plan.planStatus === 'active') return 'PRO (paid)';
  if (u.plan.compProUntil && u.isPro) return 'PRO (comp)';
  if (u.isAdmin) return 'PRO (admin)';
  return `Free${u.plan.planStatus !== 'inactive' ? ` (${u.plan.planStatus})` : ''}`;
}

export function PlanCard({ u }: { u: AdminUser }) {
  return (
    <StatCard title="Plan and billing" heading="h3">
      <Stat label="Plan">{planWords(u)}</Stat>
      <Stat label="Stripe status">{u.plan.billingStatus}</Stat>
      <Stat label="Customer">
        {u.plan.stripeCustomerUrl ? (
          <a href={u.plan.stripeCustomerUrl} target="_blank" rel="noreferrer">
            {u.plan.stripeCustomerId}
          </a>
        ) : (
          (u.plan.stripeCustomerId ?? 'none')
        )}
      </Stat>
      <Stat label="Period ends">
        {u.plan.periodEnd ? formatExactTime(u.plan.periodEnd) : '—'}
        {u.plan.cancelAt ? ' (cancels)' : ''}
      </Stat>
      <Stat label="Add-on packs">
        {u.plan.addonPacks}
        {u.plan.pendingAddonPacks != null ? ` (→ ${u.plan.pendingAddonPacks} awaiting payment)` : ''}
      </Stat>
      <Stat label="Comp PRO until">{u.plan.compProUntil ? formatExactTime(u.plan.compProUntil) : '—'}</Stat>
      <Stat label="Ticker limit">
        {u.limit.used} of {u.limit.effective}
        {u.limit.override != null ? ' (override)' : ''}
      </Stat>
      <Stat label="Alerts">{u.alertsPausedAt ? `paused ${formatRelativeTime(u.alertsPausedAt)}` : 'on'}</Stat>
    </StatCard>
  );
}

export function ContactsCard({ u }: { u: AdminUser }) {
  const c = u.contacts;
  return (
    <StatCard title="Contacts" heading="h3">
      <Stat label="Email">
        {c.email ?? '—'} {c.email ? (c.emailVerifiedAt ? '✓ verified' : '(unverified)') : ''}
      </Stat>
      <Stat label="Phone">
        {c.phone ?? '—'} {c.phone ? (c.phoneVerifiedAt ? '✓ verified' : '(unverified)') : ''}
        {c.smsOptedOut ? ' · replied STOP' : ''}
      </Stat>
      <Stat label="Alerts by">{c.notifyVia.join(', ') || 'none'}</Stat>
      <Stat label="Brand">{u.brand}</Stat>
      <Stat label="Joined">{formatExactTime(u.createdAt)}</Stat>
    </StatCard>
  );
}

export function SessionsList({ u, onRevoke }: { u: AdminUser; onRevoke: (sessionId: string) => void }) {
  return (
    <section aria-labelledby="sessions-title">
      <h3 id="sessions-title">Sessions</h3>
      <ListTable
        rows={u.sessions}
        rowKey={(s) => s.id}
        empty="No sessions: this account has not signed in on any device."
        columns={[
          { header: 'Kind', cell: (s) => s.kind },
          { header: 'State', cell: (s) => (s.live ? 'live' : s.revokedAt ? 'revoked' : 'expired') },
          { header: 'Last seen', cell: (s) => when(s.lastSeenAt) },
          { header: 'IP', cell: (s) => s.ip ?? '—' },
          { header: 'Device', cell: (s) => s.userAgent?.slice(0, 60) ?? '—' },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (s) =>
              s.live ? (
                <button type="button" className="btn btn-ghost-danger btn-xs" onClick={() => onRevoke(s.id)}>
                  Revoke
                </button>
              ) : null,
          },
        ]}
      />
    </section>
  );
}

export function WatchlistLine({ u }: { u: AdminUser }) {
  return (
    <section aria-labelledby="watchlist-title">
      <h3 id="watchlist-title">Watchlist ({u.watchlist.length})</h3>
      {u.watchlist.length === 0 ? (
        <p className="admin-empty">Watching no tickers yet.</p>
      ) : (
        <p>{u.watchlist.map((w) => `${w.ticker}${w.paused ? ' (paused)' : ''} [${w.forms.join(', ')}]`).join(' · ')}</p>
      )}
    </section>
  );
}

export function AlertHistory({ u }: { u: AdminUser }) {
  return (
    <section aria-labelledby="alerts-title">
      <h3 id="alerts-title">Alert history (newest 50)</h3>
      <ListTable
        rows={u.alerts}
        rowKey={(a) => a.id}
        empty="No alerts yet: they appear when a watched company files."
        columns={[
          { header: 'Queued', cell: (a) => when(a.createdAt) },
          {
            header: 'Filing',
            cell: (a) => (
              <>
                {[a.filing.ticker, a.filing.form, a.filing.importance].filter(Boolean).join(' · ')}
                <br />
                <span className="muted">{a.filing.accessionNo}</span>
              </>
            ),
          },
          { header: 'Channel', cell: (a) => `${a.channel}${a.route ? ` (${a.route})` : ''}` },
          {
            header: 'Status',
            cell: (a) =>
              `${a.status}${a.attempts > 1 ? ` after ${a.attempts} tries` : ''}${a.sentAt ? `, sent ${formatRelativeTime(a.sentAt)}` : ''}`,
          },
          {
            header: 'Receipt',
            cell: (a) => a.receipt.providerMessageId ?? a.receipt.lastError ?? '—',
            className: 'admin-error-text',
          },
        ]}
      />
    </section>
  );
}
