import { useId } from 'react';
import { IMPORTANCE_LEVELS, type Importance } from '#shared/importance';
import { hourLabel, timeZoneOptions } from './settings-rules';

export type Channel = 'email' | 'sms';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export interface NotificationProfile {
  email: string | null;
  phone: string | null;
  timeZone: string;
  notifications: {
    channels: Channel[];
    digest: boolean;
    digestHour: number;
    quietHours: { start: string; end: string } | null;
  };
  alertThresholds: { email: Importance; sms: Importance };
  routing: { digestBelowThreshold: boolean; briefEnabled: boolean; briefTime: string };
}

interface DraftProps {
  draft: NotificationProfile;
  setDraft: (draft: NotificationProfile) => void;
}

function setNotifications({ draft, setDraft }: DraftProps, patch: Partial<NotificationProfile['notifications']>): void {
  setDraft({ ...draft, notifications: { ...draft.notifications, ...patch } });
}

function ChannelRow({
  draft,
  setDraft,
  channel,
  label,
  contact,
}: DraftProps & { channel: Channel; label: string; contact: string | null }) {
  const channels = draft.notifications.channels;
  const toggle = (on: boolean) =>
    setNotifications(
      { draft, setDraft },
      { channels: on ? [...new Set([...channels, channel])] : channels.filter((c) => c !== channel) },
    );
  return (
    <div className="channel-row">
      <label className="check">
        <input
          type="checkbox"
          checked={channels.includes(channel)}
          disabled={!contact}
          onChange={(event) => toggle(event.target.checked)}
        />
        {label}{' '}
        {contact ? (
          <span className="muted">({contact})</span>
        ) : (
          <span className="muted">
            ({channel === 'sms' ? 'add a mobile number first' : 'add an email address first'})
          </span>
        )}
      </label>
      <label className="select-field select-field--inline">
        <span>Only {label.toLowerCase()} alerts of at least</span>
        <select
          className="input"
          value={draft.alertThresholds[channel]}
          onChange={(event) =>
            setDraft({
              ...draft,
              alertThresholds: { ...draft.alertThresholds, [channel]: event.target.value as Importance },
            })
          }
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
}

/** Which channels alert, each with its minimum importance. */
export function ChannelsFieldset({
  draft,
  setDraft,
  profile,
  pro,
}: DraftProps & { profile: NotificationProfile; pro: boolean }) {
  return (
    <fieldset className="field">
      <legend>Alert channels and thresholds</legend>
      <ChannelRow draft={draft} setDraft={setDraft} channel="email" label="Email" contact={profile.email} />
      <ChannelRow draft={draft} setDraft={setDraft} channel="sms" label="Text" contact={profile.phone} />
      <p className="field__help">
        {pro
          ? 'PRO: alerts are sent as soon as a filing is scored.'
          : 'Free plan: new filings arrive in one daily digest. PRO sends them in real time.'}
      </p>
    </fieldset>
  );
}

/** What waits for the digest, and the pre-market brief with its time. */
export function RoutingFieldset({ draft, setDraft }: DraftProps) {
  const setRouting = (patch: Partial<NotificationProfile['routing']>) =>
    setDraft({ ...draft, routing: { ...draft.routing, ...patch } });
  return (
    <fieldset className="field">
      <legend>Routing</legend>
      <p className="field__help">
        Texts go out for the levels chosen above, email in real time for its level; what is below your email level can
        wait for the daily digest. CRITICAL filings are always sent at once.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.routing.digestBelowThreshold}
          onChange={(event) => setRouting({ digestBelowThreshold: event.target.checked })}
        />
        Put filings below my email level in the daily digest
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.routing.briefEnabled}
          onChange={(event) => setRouting({ briefEnabled: event.target.checked })}
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
            onChange={(event) => setRouting({ briefTime: event.target.value })}
          />
        </label>
      </div>
    </fieldset>
  );
}

/** The daily digest, its hour and the time zone it is read in. */
export function DigestFieldset({ draft, setDraft, savedTimeZone }: DraftProps & { savedTimeZone: string }) {
  const n = draft.notifications;
  return (
    <fieldset className="field">
      <legend>Daily digest</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={n.digest}
          onChange={(event) => setNotifications({ draft, setDraft }, { digest: event.target.checked })}
        />
        Send me a daily digest of new filings
      </label>
      <div className="inline-fields">
        <label className="select-field">
          <span>Digest time</span>
          <select
            className="input"
            value={n.digestHour}
            disabled={!n.digest}
            onChange={(event) => setNotifications({ draft, setDraft }, { digestHour: Number(event.target.value) })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </select>
        </label>
        <label className="select-field">
          <span>Time zone</span>
          <select
            className="input"
            value={draft.timeZone}
            onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
          >
            {timeZoneOptions(savedTimeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}

/** Quiet hours: real-time alerts wait until they end. */
export function QuietHoursFieldset({
  draft,
  setDraft,
  quiet,
  setQuiet,
}: DraftProps & { quiet: boolean; setQuiet: (on: boolean) => void }) {
  const uid = useId();
  const hours = draft.notifications.quietHours;
  const setHours = (start: string, end: string) =>
    setNotifications({ draft, setDraft }, { quietHours: { start, end } });
  return (
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
              value={hours?.start ?? '22:00'}
              onChange={(event) => setHours(event.target.value, hours?.end ?? '07:00')}
            />
          </label>
          <label className="select-field">
            <span>To</span>
            <input
              className="input"
              type="time"
              value={hours?.end ?? '07:00'}
              onChange={(event) => setHours(hours?.start ?? '22:00', event.target.value)}
            />
          </label>
        </div>
      )}
    </fieldset>
  );
}
