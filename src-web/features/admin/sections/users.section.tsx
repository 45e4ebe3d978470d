import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../components/Loading';
import { ErrorBox } from '../../../components/Notice';
import { formatExactTime, formatRelativeTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { ADMIN_PAGING, AdminTable } from '../components/AdminTable';
import { ConfirmWithReason } from '../components/ConfirmWithReason';
import { FilterBar } from '../components/FilterBar';

const when = (iso: string | null) => (iso ? <time dateTime={iso} title={formatExactTime(iso)}>{formatRelativeTime(iso)}</time> : '—');

/** /admin/users: search, then one account at /admin/users?id=<user id>. */
export default function UsersSection() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return id ? <UserDetail userId={id} onBack={() => setParams({})} /> : <UserSearch />;
}

function UserSearch() {
  const [q, setQ] = useState<string | undefined>(undefined);
  const query = trpc.admin.users.search.useInfiniteQuery({ q, limit: 50 }, ADMIN_PAGING);
  return (
    <>
      <FilterBar label="Find users" fields={[{ name: 'q', label: 'Email, phone, user id or ticker', placeholder: 'alice@, 4155550134, TSLA...' }]} onApply={(v) => setQ(v.q)} />
      <AdminTable
        caption="Users"
        query={query}
        rowKey={(u) => u.id}
        empty={q ? `No account matches “${q}”. Search by part of an email, the phone's digits, a user id or a ticker they watch.` : 'No signed-up accounts yet. Verified accounts appear here newest first.'}
        columns={[
          { header: 'Account', cell: (u) => <Link to={`/admin/users?id=${u.id}`}>{u.email ?? u.phone ?? u.id}</Link> },
          { header: 'Plan', cell: (u) => u.plan + (u.isAdmin ? ' · admin' : '') },
          { header: 'Verified', cell: (u) => (u.verified ? 'yes' : 'no') },
          { header: 'Alerts', cell: (u) => (u.alertsPaused ? 'paused' : 'on') },
          { header: 'Tickers', cell: (u) => u.tickers, numeric: true },
          { header: 'Joined', cell: (u) => when(u.createdAt) },
          { header: 'Last sign-in', cell: (u) => when(u.lastLoginAt) },
        ]}
      />
    </>
  );
}

function UserDetail({ userId, onBack }: { userId: string; onBack: () => void }) {
  const utils = trpc.useUtils();
  const q = trpc.admin.users.get.useQuery({ userId });
  const refresh = () => Promise.all([utils.admin.users.get.invalidate({ userId }), utils.admin.users.search.invalidate()]);
  const setLimit = trpc.admin.users.setLimitOverride.useMutation({ onSuccess: refresh });
  const comp = trpc.admin.users.compPro.useMutation({ onSuccess: refresh });
  const pause = trpc.admin.users.setAlertsPaused.useMutation({ onSuccess: refresh });
  const revoke = trpc.admin.users.revokeSessions.useMutation({ onSuccess: refresh });
  const remove = trpc.admin.users.delete.useMutation({ onSuccess: () => void utils.admin.users.search.invalidate() });
  const [limit, setLimitValue] = useState('');
  const [until, setUntil] = useState('');
  if (q.isLoading) return <Loading />;
  if (q.isError || !q.data) return <ErrorBox>{q.error?.message}</ErrorBox>;
  const u = q.data;
  const name = u.contacts.email ?? u.contacts.phone ?? u.id;
  if (remove.isSuccess) {
    return (
      <div className="success-box" role="status">
        {name} was deleted. <button type="button" className="btn btn-secondary btn-sm" onClick={onBack}>Back to users</button>
      </div>
    );
  }
  return (
    <div className="admin-user">
      <p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
          ← All users
        </button>
      </p>
      <h2>{name}</h2>
      <div className="admin-cards">
        <section className="admin-card" aria-label="Plan and billing">
          <h3>Plan and billing</h3>
          <dl className="admin-stats">
            <div className="admin-stat"><dt>Plan</dt><dd>{u.plan.planType === 'pro' && u.plan.planStatus === 'active' ? 'PRO (paid)' : u.plan.compProUntil && u.isPro ? 'PRO (comp)' : u.isAdmin ? 'PRO (admin)' : `Free${u.plan.planStatus !== 'inactive' ? ` (${u.plan.planStatus})` : ''}`}</dd></div>
            <div className="admin-stat"><dt>Stripe status</dt><dd>{u.plan.billingStatus}</dd></div>
            <div className="admin-stat"><dt>Customer</dt><dd>{u.plan.stripeCustomerUrl ? <a href={u.plan.stripeCustomerUrl} target="_blank" rel="noreferrer">{u.plan.stripeCustomerId}</a> : (u.plan.stripeCustomerId ?? 'none')}</dd></div>
            <div className="admin-stat"><dt>Period ends</dt><dd>{u.plan.periodEnd ? formatExactTime(u.plan.periodEnd) : '—'}{u.plan.cancelAt ? ' (cancels)' : ''}</dd></div>
            <div className="admin-stat"><dt>Add-on packs</dt><dd>{u.plan.addonPacks}{u.plan.pendingAddonPacks != null ? ` (→ ${u.plan.pendingAddonPacks} awaiting payment)` : ''}</dd></div>
            <div className="admin-stat"><dt>Comp PRO until</dt><dd>{u.plan.compProUntil ? formatExactTime(u.plan.compProUntil) : '—'}</dd></div>
            <div className="admin-stat"><dt>Ticker limit</dt><dd>{u.limit.used} of {u.limit.effective}{u.limit.override != null ? ' (override)' : ''}</dd></div>
            <div className="admin-stat"><dt>Alerts</dt><dd>{u.alertsPausedAt ? `paused ${formatRelativeTime(u.alertsPausedAt)}` : 'on'}</dd></div>
          </dl>
        </section>
        <section className="admin-card" aria-label="Contacts">
          <h3>Contacts</h3>
          <dl className="admin-stats">
            <div className="admin-stat"><dt>Email</dt><dd>{u.contacts.email ?? '—'} {u.contacts.email ? (u.contacts.emailVerifiedAt ? '✓ verified' : '(unverified)') : ''}</dd></div>
            <div className="admin-stat"><dt>Phone</dt><dd>{u.contacts.phone ?? '—'} {u.contacts.phone ? (u.contacts.phoneVerifiedAt ? '✓ verified' : '(unverified)') : ''}{u.contacts.smsOptedOut ? ' · replied STOP' : ''}</dd></div>
            <div className="admin-stat"><dt>Alerts by</dt><dd>{u.contacts.notifyVia.join(', ') || 'none'}</dd></div>
            <div className="admin-stat"><dt>Brand</dt><dd>{u.brand}</dd></div>
            <div className="admin-stat"><dt>Joined</dt><dd>{formatExactTime(u.createdAt)}</dd></div>
          </dl>
        </section>
      </div>
      <section aria-label="Actions">
        <h3>Actions</h3>
        <div className="admin-user__actions">
          <ConfirmWithReason
            label="Set ticker limit"
            title="Set the ticker-limit override"
            description="A number replaces the plan's limit; leave it empty to go back to the plan's. Tickers over a smaller limit pause (none are deleted)."
            confirmLabel="Save limit"
            reasonRequired={false}
            onConfirm={(reason) => setLimit.mutateAsync({ userId, limit: limit.trim() === '' ? null : Number(limit), reason: reason || undefined })}
          >
            <label className="select-field">
              <span>Limit (empty: the plan's)</span>
              <input className="input" type="number" min={0} max={10000} value={limit} onChange={(e) => setLimitValue(e.target.value)} />
            </label>
          </ConfirmWithReason>
          <ConfirmWithReason
            label={u.plan.compProUntil ? 'Change comp' : 'Comp PRO'}
            title="Comp PRO until a date"
            description="PRO without Stripe until the end of that day (UTC). Leave the date empty to end a comp now."
            confirmLabel="Save comp"
            reasonRequired={false}
            onConfirm={(reason) => comp.mutateAsync({ userId, until: until ? new Date(`${until}T23:59:59Z`).toISOString() : null, reason: reason || undefined })}
          >
            <label className="select-field">
              <span>Until</span>
              <input className="input" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
            </label>
          </ConfirmWithReason>
          <ConfirmWithReason
            label={u.alertsPausedAt ? 'Resume alerts' : 'Pause alerts'}
            title={u.alertsPausedAt ? 'Resume alerts' : 'Pause alerts'}
            description={u.alertsPausedAt ? 'New filings will alert this user again.' : 'No new alerts are made for this user until resumed. Alerts already queued still go.'}
            confirmLabel={u.alertsPausedAt ? 'Resume' : 'Pause'}
            reasonRequired={false}
            onConfirm={(reason) => pause.mutateAsync({ userId, paused: !u.alertsPausedAt, reason: reason || undefined })}
          />
          <ConfirmWithReason
            label="Sign out everywhere"
            title="Revoke every session"
            description="Every device signed in as this user is signed out (admin sessions too)."
            confirmLabel="Revoke sessions"
            reasonRequired={false}
            onConfirm={(reason) => revoke.mutateAsync({ userId, reason: reason || undefined })}
          />
          <ConfirmWithReason
            label="Delete account"
            title="Delete this account?"
            description={`${name}'s account, watchlist and alerts are deleted for good${u.plan.stripeSubscriptionId ? ', and the Stripe subscription is canceled now without a refund' : ''}. This cannot be undone.`}
            confirmLabel="Delete account"
            danger
            disabled={u.isAdmin}
            onConfirm={(reason) => remove.mutateAsync({ userId, reason })}
          />
        </div>
      </section>
      <section aria-labelledby="sessions-title">
        <h3 id="sessions-title">Sessions</h3>
        {u.sessions.length === 0 ? (
          <p className="admin-empty">No sessions: this account has not signed in on any device.</p>
        ) : (
          <table className="admin-table">
            <thead><tr><th scope="col">Kind</th><th scope="col">State</th><th scope="col">Last seen</th><th scope="col">IP</th><th scope="col">Device</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {u.sessions.map((s) => (
                <tr key={s.id}>
                  <td>{s.kind}</td>
                  <td>{s.live ? 'live' : s.revokedAt ? 'revoked' : 'expired'}</td>
                  <td>{when(s.lastSeenAt)}</td>
                  <td>{s.ip ?? '—'}</td>
                  <td>{s.userAgent?.slice(0, 60) ?? '—'}</td>
                  <td>{s.live ? <button type="button" className="btn btn-ghost-danger btn-xs" onClick={() => void revoke.mutateAsync({ userId, sessionId: s.id })}>Revoke</button> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="watchlist-title">
        <h3 id="watchlist-title">Watchlist ({u.watchlist.length})</h3>
        {u.watchlist.length === 0 ? (
          <p className="admin-empty">Watching no tickers yet.</p>
        ) : (
          <p>{u.watchlist.map((w) => `${w.ticker}${w.paused ? ' (paused)' : ''} [${w.forms.join(', ')}]`).join(' · ')}</p>
        )}
      </section>
      <section aria-labelledby="alerts-title">
        <h3 id="alerts-title">Alert history (newest 50)</h3>
        {u.alerts.length === 0 ? (
          <p className="admin-empty">No alerts yet: they appear when a watched company files.</p>
        ) : (
          <table className="admin-table">
            <thead><tr><th scope="col">Queued</th><th scope="col">Filing</th><th scope="col">Channel</th><th scope="col">Status</th><th scope="col">Receipt</th></tr></thead>
            <tbody>
              {u.alerts.map((a) => (
                <tr key={a.id}>
                  <td>{when(a.createdAt)}</td>
                  <td>{[a.filing.ticker, a.filing.form, a.filing.importance].filter(Boolean).join(' · ')}<br /><span className="muted">{a.filing.accessionNo}</span></td>
                  <td>{a.channel}{a.route ? ` (${a.route})` : ''}</td>
                  <td>{a.status}{a.attempts > 1 ? ` after ${a.attempts} tries` : ''}{a.sentAt ? `, sent ${formatRelativeTime(a.sentAt)}` : ''}</td>
                  <td className="admin-error-text">{a.receipt.providerMessageId ?? a.receipt.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
