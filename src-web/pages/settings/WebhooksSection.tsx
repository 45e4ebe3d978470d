import { useState } from 'react';
import { Link } from 'react-router';
import type { WebhookFormat } from '#shared/integrations';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';
import './integrations.css';

type Hook = RouterOutputs['webhooks']['list']['hooks'][number];

const FORMAT_NAMES: Record<WebhookFormat, string> = {
  json: 'JSON (signed)',
  slack: 'Slack',
  discord: 'Discord',
};

function HookRow({
  hook,
  busy,
  onTest,
  onRemove,
}: {
  hook: Hook;
  busy: boolean;
  onTest: () => void;
  onRemove: () => void;
}) {
  return (
    <li data-testid="webhook">
      <div className="integration-list__what">
        <strong>{hook.url}</strong>
        <span className="muted">
          {FORMAT_NAMES[hook.format]} · {hook.minImportance ? `${hook.minImportance} and up` : 'your email threshold'}
        </span>
        {hook.enabled ? (
          hook.consecutiveFailures > 0 && (
            <span className="muted">
              {hook.consecutiveFailures} failed deliveries in a row: {hook.lastError}
            </span>
          )
        ) : (
          <span>Turned off after repeated failures. Send a test to turn it back on.</span>
        )}
      </div>
      <div className="integration-list__actions">
        <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={onTest}>
          Send test<span className="visually-hidden"> to {hook.url}</span>
        </button>
        <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={onRemove}>
          Remove<span className="visually-hidden"> {hook.url}</span>
        </button>
      </div>
    </li>
  );
}

/** Settings -> Webhooks (PRO, issue #31): alerts to your HTTPS endpoint, Slack or Discord. */
export function WebhooksSection({ pro }: { pro: boolean }) {
  const utils = trpc.useUtils();
  const list = trpc.webhooks.list.useQuery(undefined, { enabled: pro });
  const create = trpc.webhooks.create.useMutation();
  const remove = trpc.webhooks.remove.useMutation();
  const test = trpc.webhooks.test.useMutation();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [secret, setSecret] = useState<string | null>(null);
  const [result, setResult] = useTimedMessage(6000);
  const [failure, setFailure] = useState<string | null>(null);

  if (!pro) {
    return (
      <section id="webhooks" className="settings-section" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhooks</h2>
        <p>
          Send alerts to Slack, Discord or your own endpoint as they happen. <Link to="/upgrade">Upgrade to PRO</Link>{' '}
          to add webhooks.
        </p>
      </section>
    );
  }

  const refresh = () => void utils.webhooks.list.invalidate();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const made = await create.mutateAsync({ url: url.trim(), format }).catch(() => null);
    if (!made) return;
    setSecret(format === 'json' ? made.secret : null);
    setUrl('');
    refresh();
  };
  const sendTest = async (hook: Hook) => {
    setFailure(null);
    const answer = await test.mutateAsync({ id: hook.id }).catch((error: unknown) => {
      setFailure(errorMessage(error, 'The test could not be sent.'));
      return null;
    });
    if (answer?.ok) setResult(`Test sent: your endpoint answered ${answer.status}.`);
    else if (answer) setFailure(`The test failed: ${answer.error ?? 'no answer'}`);
    refresh();
  };
  const removeOne = async (hook: Hook) => {
    await remove.mutateAsync({ id: hook.id }).catch(() => null);
    refresh();
  };
  const hooks = list.data?.hooks ?? [];

  return (
    <section id="webhooks" className="settings-section" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="muted">
        Alerts are posted as they happen, with the same importance thresholds, quiet hours and bursts as your email and
        texts. JSON webhooks are signed with a <code>Filing-Signature</code> header.
      </p>
      {secret && (
        <div className="integration-secret" role="status" data-testid="webhook-secret">
          <strong>Signing secret: copy it now, it is not shown again.</strong>
          <code>{secret}</code>
          <div>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      {list.isError && <ErrorBox>Your webhooks could not be loaded.</ErrorBox>}
      {hooks.length > 0 ? (
        <ul className="integration-list" aria-label="Your webhooks">
          {hooks.map((hook) => (
            <HookRow
              key={hook.id}
              hook={hook}
              busy={test.isPending || remove.isPending}
              onTest={() => void sendTest(hook)}
              onRemove={() => void removeOne(hook)}
            />
          ))}
        </ul>
      ) : (
        list.data && <p>No webhooks yet.</p>
      )}
      {result && <SuccessBox>{result}</SuccessBox>}
      {failure && <ErrorBox>{failure}</ErrorBox>}
      <form className="integration-form" onSubmit={(event) => void submit(event)}>
        <div className="inline-fields">
          <label className="select-field">
            <span>Endpoint URL</span>
            <input
              className="input"
              type="url"
              required
              value={url}
              placeholder="https://hooks.slack.com/services/..."
              onChange={(event) => setUrl(event.target.value)}
            />
          </label>
          <label className="select-field">
            <span>Format</span>
            <select
              className="input"
              value={format}
              onChange={(event) => setFormat(event.target.value as WebhookFormat)}
            >
              {(Object.keys(FORMAT_NAMES) as WebhookFormat[]).map((f) => (
                <option key={f} value={f}>
                  {FORMAT_NAMES[f]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending || !url.trim()}>
            Add webhook
          </button>
        </div>
        {create.error && <ErrorBox>{errorMessage(create.error, 'The webhook could not be added.')}</ErrorBox>}
      </form>
    </section>
  );
}
