import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ConfirmWithReason } from '../components/ConfirmWithReason';
import type { AdminUser } from './UserDetailParts';

/** The admin's changes to one account, each confirmed with an optional (deletion: required) reason. */
export function UserActions({
  u,
  name,
  onChanged,
  onDeleted,
}: {
  u: AdminUser;
  name: string;
  onChanged: () => Promise<unknown>;
  onDeleted: () => void;
}) {
  const userId = u.id;
  const m = {
    setLimit: trpc.admin.users.setLimitOverride.useMutation({ onSuccess: onChanged }),
    comp: trpc.admin.users.compPro.useMutation({ onSuccess: onChanged }),
    pause: trpc.admin.users.setAlertsPaused.useMutation({ onSuccess: onChanged }),
    revoke: trpc.admin.users.revokeSessions.useMutation({ onSuccess: onChanged }),
    remove: trpc.admin.users.delete.useMutation({ onSuccess: onDeleted }),
  };
  const [limit, setLimitValue] = useState('');
  const [until, setUntil] = useState('');
  const paused = Boolean(u.alertsPausedAt);
  return (
    <section aria-label="Actions">
      <h3>Actions</h3>
      <div className="admin-user__actions">
        <ConfirmWithReason
          label="Set ticker limit"
          title="Set the ticker-limit override"
          description="A number replaces the plan's limit; leave it empty to go back to the plan's. Tickers over a smaller limit pause (none are deleted)."
          confirmLabel="Save limit"
          reasonRequired={false}
          onConfirm={(reason) =>
            m.setLimit.mutateAsync({
              userId,
              limit: limit.trim() === '' ? null : Number(limit),
              reason: reason || undefined,
            })
          }
        >
          <label className="select-field">
            <span>Limit (empty: the plan's)</span>
            <input
              className="input"
              type="number"
              min={0}
              max={10000}
              value={limit}
              onChange={(e) => setLimitValue(e.target.value)}
            />
          </label>
        </ConfirmWithReason>
        <ConfirmWithReason
          label={u.plan.compProUntil ? 'Change comp' : 'Comp PRO'}
          title="Comp PRO until a date"
          description="PRO without Stripe until the end of that day (UTC). Leave the date empty to end a comp now."
          confirmLabel="Save comp"
          reasonRequired={false}
          onConfirm={(reason) =>
            m.comp.mutateAsync({
              userId,
              until: until ? new Date(`${until}T23:59:59Z`).toISOString() : null,
              reason: reason || undefined,
            })
          }
        >
          <label className="select-field">
            <span>Until</span>
            <input className="input" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
          </label>
        </ConfirmWithReason>
        <ConfirmWithReason
          label={paused ? 'Resume alerts' : 'Pause alerts'}
          title={paused ? 'Resume alerts' : 'Pause alerts'}
          description={
            paused
              ? 'New filings will alert this user again.'
              : 'No new alerts are made for this user until resumed. Alerts already queued still go.'
          }
          confirmLabel={paused ? 'Resume' : 'Pause'}
          reasonRequired={false}
          onConfirm={(reason) => m.pause.mutateAsync({ userId, paused: !paused, reason: reason || undefined })}
        />
        <ConfirmWithReason
          label="Sign out everywhere"
          title="Revoke every session"
          description="Every device signed in as this user is signed out (admin sessions too)."
          confirmLabel="Revoke sessions"
          reasonRequired={false}
          onConfirm={(reason) => m.revoke.mutateAsync({ userId, reason: reason || undefined })}
        />
        <ConfirmWithReason
          label="Delete account"
          title="Delete this account?"
          description={`${name}'s account, watchlist and alerts are deleted for good${u.plan.stripeSubscriptionId ? ', and the Stripe subscription is canceled now without a refund' : ''}. This cannot be undone.`}
          confirmLabel="Delete account"
          danger
          disabled={u.isAdmin}
          onConfirm={(reason) => m.remove.mutateAsync({ userId, reason })}
        />
      </div>
    </section>
  );
}
