import { useEffect, useId, useState, type FormEvent } from 'react';
import { IMPORTANCE_LEVELS, type Importance } from '#shared/importance';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';
import { hourLabel, timeZoneOptions } from './settings-rules';

type Channel = 'email' | 'sms';

export interface NotificationProfile {
  email: string | null;
  phone: string | null;
  timeZone: string;
  notifications: { channels: Channel[]; digest: boolean; digestHour: number; quietHours: { start: string; end: string } | null };
  alertThresholds: { email: Importance; sms: Importance };
  routing: { digestBelowThreshold: boolean; briefEnabled: boolean; briefTime: string };
}

/** Channels, per-channel minimum importance, daily digest and its hour, quiet hours, time zone. */
export function NotificationsSection({ profile, pro, onSaved }: { profile: NotificationProfile; pro: boolean; onSaved: () => void }) {
  const uid = useId();
  const update = trpc.auth.updateProfile.useMutation();
  const [draft, setDraft] = useState(profile);
  const [quiet, setQuiet] = useState(Boolean(profile.notifications.quietHours));
  const [error, setError] = useState<string | null>(null);
  const [saved, showSaved] = useTimedMessage();
  useEffect(() => {
    setDraft(profile);
    setQuiet(Boolean(profile.notifications.quietHours));
  }, [profile]);

  const n = draft.notifications;
  const setN = (patch: Partial<NotificationProfile['notifications']>) => setDraft({ ...draft, notifications: { ...n, ...patch } });
  const toggleChannel = (channel: Channel, on: boolean) =>
    setN({ channels: on ? [...new Set([...n.channels, channel])] : n.channels.filter((c) => c !== channel) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({
        timeZone: draft.timeZone,
        channels: n.channels,
        digest: n.digest,
        digestHour: n.digestHour,
        quietHours: quiet ? (n.quietHours ?? { start: '22:00', end: '07:00' }) : null,
        alertThresholds: draft.alertThresholds,
        routing: draft.routing,
      });
      showSaved('Notification settings saved.');
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save your notification settings. Please try again.'));
    }
  };

  const channelRow = (channel: Channel, label: string, contact: string | null) => (
    <div className="channel-row" key={channel}>
      <label className="check">
        <input type="checkbox" checked={n.channels.includes(channel)} disabled={!contact} onChange={(event) => toggleChannel(channel, event.target.checked)} />
        {label} {contact ? <span className="muted">({contact})</span> : <span className="muted">(add a contact first)</span>}
      </label>
      <label className="select-field select-field--inline">
        <span>Only {label.toLowerCase()} alerts of at least</span>
        <select
          className="input"
          value={draft.alertThresholds[channel]}
          onChange={(event) => setDraft({ ...draft, alertThresholds: { ...draft.alertThresholds, [channel]: event.target.value as Importance } })}
        >
          {IMPORTANCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
    </div>
  );

  return (
    <section id="notifications" className="settings-section" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="field">
          <legend>Alert channels and thresholds</legend>
          {channelRow('email', 'Email', profile.email)}
          {channelRow('sms', 'Text', profile.phone)}
          <p className="field__help">{pro ? 'PRO: alerts are sent as soon as a filing is scored.' : 'Free plan: new filings arrive in one daily digest. PRO sends them in real time.'}</p>
        </fieldset>
        <fieldset className="field">
          <legend>Routing</legend>
          <p className="field__help">
            Texts go out for the levels chosen above, email in real time for its level; what is below your email level can wait for the
            daily digest. CRITICAL filings are always sent at once.
          </p>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.routing.digestBelowThreshold}
              onChange={(event) => setDraft({ ...draft, routing: { ...draft.routing, digestBelowThreshold: event.target.checked } })}
            />
            Put filings below my email level in the daily digest
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.routing.briefEnabled}
              onChange={(event) => setDraft({ ...draft, routing: { ...draft.routing, briefEnabled: event.target.checked } })}
            />
            Bundle filings from the market close to 09:30 ET into one pre-market brief email
          </label>
          <div className="inline-fields">
          <label className="select-field">
            <span>Brief time (New York)</span>
            <input
              className="input"
              type="time"
              min="00:00"
              max="09:25"
              step={300}
              value={draft.routing.briefTime}
              disabled={!draft.routing.briefEnabled}
              onChange={(event) => setDraft({ ...draft, routing: { ...draft.routing, briefTime: event.target.value } })}
            />
          </label>
          </div>
        </fieldset>
        <fieldset className="field">
          <legend>Daily digest</legend>
          <label className="check">
            <input type="checkbox" checked={n.digest} onChange={(event) => setN({ digest: event.target.checked })} />
            Send me a daily digest of new filings
          </label>
          <div className="inline-fields">
            <label className="select-field">
              <span>Digest time</span>
              <select className="input" value={n.digestHour} disabled={!n.digest} onChange={(event) => setN({ digestHour: Number(event.target.value) })}>
                {Array.from({ length: 24 }, (_, hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            </label>
            <label className="select-field">
              <span>Time zone</span>
              <select className="input" value={draft.timeZone} onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}>
                {timeZoneOptions(profile.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>
        <fieldset className="field">
          <legend>Quiet hours</legend>
          <label className="check">
            <input type="checkbox" checked={quiet} onChange={(event) => setQuiet(event.target.checked)} />
            Hold real-time alerts during quiet hours
          </label>
          {quiet && (
            <div className="inline-fields">
              <label className="select-field">
                <span>From</span>
                <input
                  id={`${uid}-quiet-start`}
                  className="input"
                  type="time"
                  value={n.quietHours?.start ?? '22:00'}
                  onChange={(event) => setN({ quietHours: { start: event.target.value, end: n.quietHours?.end ?? '07:00' } })}
                />
              </label>
              <label className="select-field">
                <span>To</span>
                <input
                  className="input"
                  type="time"
                  value={n.quietHours?.end ?? '07:00'}
                  onChange={(event) => setN({ quietHours: { start: n.quietHours?.start ?? '22:00', end: event.target.value } })}
                />
              </label>
            </div>
          )}
        </fieldset>
        <ErrorBox>{error}</ErrorBox>
        <SuccessBox>{saved}</SuccessBox>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save notification settings'}
        </button>
      </form>
    </section>
  );
}
