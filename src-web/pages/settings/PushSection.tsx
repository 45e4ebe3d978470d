import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { IMPORTANCE_LEVELS, IMPORTANCE_RANK, importanceFromRank, type Importance } from '#shared/importance';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import {
  currentSubscription,
  deviceLabel,
  PermissionRefused,
  pushSupport,
  subscribeBrowser,
} from '../../features/push/browser-push';
import { errorMessage, errorReason } from '../../lib/errors';
import { formatRelativeTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';

const BLOCKED =
  'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn push on again.';

/** This browser's subscription endpoint, read once the service worker is known (null: none). */
function useBrowserEndpoint(): [string | null | undefined, (endpoint: string | null) => void] {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    currentSubscription().then(
      (sub) => live && setEndpoint(sub?.endpoint ?? null),
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return [endpoint, setEndpoint];
}

/** Turning push on and off in this browser, with the server's subscription kept in step. */
function usePushToggle(publicKey: string | undefined, setEndpoint: (endpoint: string | null) => void) {
  const utils = trpc.useUtils();
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, showSaved] = useTimedMessage();

  const save = async (fresh: boolean) => {
    const sub = await subscribeBrowser(publicKey!, { fresh });
    const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    await subscribe.mutateAsync({ endpoint: json.endpoint, keys: json.keys, label: deviceLabel() });
    return json.endpoint;
  };

  const turnOn = async () => {
    setError(null);
    setBusy(true);
    try {
      let endpoint: string;
      try {
        endpoint = await save(false);
      } catch (failure) {
        // This browser's subscription belongs to another account: a fresh one has a new endpoint.
        if (errorReason(failure) !== 'push_endpoint_taken') throw failure;
        endpoint = await save(true);
      }
      setEndpoint(endpoint);
      showSaved('Push notifications are on for this browser.');
    } catch (failure) {
      setError(
        failure instanceof PermissionRefused
          ? BLOCKED
          : errorMessage(failure, `This browser could not subscribe to push: ${(failure as Error).message}`),
      );
    } finally {
      setBusy(false);
      void utils.push.status.invalidate();
    }
  };

  const turnOff = async (endpoint: string) => {
    setError(null);
    setBusy(true);
    try {
      await unsubscribe.mutateAsync({ endpoint }).catch((failure: unknown) => {
        if (errorReason(failure) !== 'push_not_found') throw failure;
      });
      await (await currentSubscription())?.unsubscribe();
      setEndpoint(null);
      showSaved('Push notifications are off for this browser.');
    } catch (failure) {
      setError(errorMessage(failure, 'Could not turn push off. Please try again.'));
    } finally {
      setBusy(false);
      void utils.push.status.invalidate();
    }
  };
  return { turnOn, turnOff, busy, error, saved };
}

function PushThreshold({ minRank }: { minRank: number }) {
  const utils = trpc.useUtils();
  const setMinRank = trpc.push.setMinRank.useMutation({ onSuccess: () => utils.push.status.invalidate() });
  const [saved, showSaved] = useTimedMessage();
  const onChange = useCallback(
    (level: Importance) =>
      setMinRank.mutate({ minRank: IMPORTANCE_RANK[level] }, { onSuccess: () => showSaved('Push level saved.') }),
    [setMinRank, showSaved],
  );
  return (
    <div className="push-threshold">
      <label className="select-field select-field--inline">
        <span>Only push alerts of at least</span>
        <select
          className="input"
          value={importanceFromRank(minRank) ?? 'HIGH'}
          disabled={setMinRank.isPending}
          onChange={(event) => onChange(event.target.value as Importance)}
        >
          {IMPORTANCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      <SuccessBox>{saved}</SuccessBox>
    </div>
  );
}

type Device = {
  id: number;
  endpoint: string;
  label: string;
  createdAt: string | Date;
  lastSentAt: string | Date | null;
};

function DeviceList({ devices, thisEndpoint }: { devices: Device[]; thisEndpoint: string | null | undefined }) {
  const utils = trpc.useUtils();
  const remove = trpc.push.unsubscribe.useMutation({ onSettled: () => utils.push.status.invalidate() });
  if (devices.length === 0) return <p className="muted">No browser gets push notifications yet.</p>;
  return (
    <ul className="push-devices" aria-label="Browsers with push on">
      {devices.map((d) => (
        <li key={d.id}>
          <span>
            <strong>{d.label || 'A browser'}</strong>
            {d.endpoint === thisEndpoint ? <span className="push-devices__this"> (this browser)</span> : null}
            <span className="muted">
              {' '}
              · added {formatRelativeTime(d.createdAt)}
              {d.lastSentAt ? ` · last alert ${formatRelativeTime(d.lastSentAt)}` : ''}
            </span>
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={remove.isPending}
            aria-label={`Remove ${d.label || 'this browser'}`}
            onClick={() => remove.mutate({ id: d.id })}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Web push (issue #31): this browser on or off, the push level, and every browser of the account. */
export function PushSection({ pro }: { pro: boolean }) {
  const status = trpc.push.status.useQuery();
  const [endpoint, setEndpoint] = useBrowserEndpoint();
  const toggle = usePushToggle(status.data?.publicKey, setEndpoint);
  const supported = pushSupport() === 'supported';
  const devices = status.data?.devices ?? [];
  const on = Boolean(endpoint && devices.some((d) => d.endpoint === endpoint));
  return (
    <section id="push" className="settings-section" aria-labelledby="push-title">
      <h2 id="push-title">Push notifications</h2>
      <p className="muted">
        Real-time alerts on this device’s lock screen, beside email and text. They follow your quiet hours, and a burst
        of one company’s filings comes as one notification. Tapping one opens the filing.
      </p>
      {!pro ? (
        <p>
          Push notifications are real-time alerts, part of PRO. <Link to="/upgrade">Upgrade to PRO</Link> to turn them
          on.
        </p>
      ) : !supported ? (
        <p>This browser does not support push notifications. On iPhone, add this site to your Home Screen first.</p>
      ) : (
        <div className="push-toggle">
          <p>
            This browser: <strong>{on ? 'on' : 'off'}</strong>
          </p>
          {on ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={toggle.busy}
              onClick={() => void toggle.turnOff(endpoint!)}
            >
              {toggle.busy ? 'Turning off...' : 'Turn off on this browser'}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={toggle.busy || !status.data || endpoint === undefined}
              onClick={() => void toggle.turnOn()}
            >
              {toggle.busy ? 'Turning on...' : 'Turn on push for this browser'}
            </button>
          )}
        </div>
      )}
      <ErrorBox>{toggle.error}</ErrorBox>
      <SuccessBox>{toggle.saved}</SuccessBox>
      {status.data && pro ? <PushThreshold minRank={status.data.minRank} /> : null}
      {status.data ? <DeviceList devices={devices} thisEndpoint={endpoint} /> : null}
    </section>
  );
}
