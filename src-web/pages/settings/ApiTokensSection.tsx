import { useState } from 'react';
import type { ApiTokenScope } from '#shared/integrations';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';
import './integrations.css';

type ApiToken = RouterOutputs['apiTokens']['list']['tokens'][number];

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : null);
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'never';

function TokenRow({ token, onRevoke, busy }: { token: ApiToken; onRevoke: () => void; busy: boolean }) {
  const expired = token.expiresAt != null && new Date(token.expiresAt) < new Date();
  const state = token.revokedAt ? 'revoked' : expired ? 'expired' : null;
  return (
    <li data-testid="api-token">
      <div className="integration-list__what">
        <strong>{token.name}</strong>
        <span className="muted">
          <code>{token.prefix}…</code> · {token.scope === 'write' ? 'read and write' : 'read only'}
          {token.expiresAt ? ` · expires ${day(token.expiresAt)}` : ''}
        </span>
        <span className="muted">Last used: {when(token.lastUsedAt)}</span>
      </div>
      {state ? (
        <span className="muted">{state === 'revoked' ? 'Revoked' : 'Expired'}</span>
      ) : (
        <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={onRevoke}>
          Revoke<span className="visually-hidden"> {token.name}</span>
        </button>
      )}
    </li>
  );
}

/** Settings -> API tokens: personal tokens for scripts (issue #31), shown once at creation. */
export function ApiTokensSection({ verified }: { verified: boolean }) {
  const utils = trpc.useUtils();
  const list = trpc.apiTokens.list.useQuery(undefined, { enabled: verified });
  const create = trpc.apiTokens.create.useMutation();
  const revoke = trpc.apiTokens.revoke.useMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState('');
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useTimedMessage();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const expiresAt = expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null;
    const made = await create.mutateAsync({ name: name.trim(), scope, expiresAt }).catch(() => null);
    if (!made) return;
    setShown({ name: name.trim(), token: made.token });
    setName('');
    setExpiry('');
    void utils.apiTokens.list.invalidate();
  };
  const revokeOne = async (id: string) => {
    await revoke.mutateAsync({ id }).catch(() => null);
    void utils.apiTokens.list.invalidate();
  };
  const copy = async () => {
    if (!shown) return;
    await navigator.clipboard?.writeText(shown.token).catch(() => {});
    setCopied('Copied.');
  };
  const live = (list.data?.tokens ?? []).filter((t) => !t.revokedAt);

  return (
    <section id="api-tokens" className="settings-section" aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title">API tokens</h2>
      <p className="muted">
        For your own scripts: send <code>Authorization: Bearer &lt;token&gt;</code> to any <code>/api</code> call (see{' '}
        <a href="/api/docs">the API documentation</a>). A read-only token can only read.
      </p>
      {shown && (
        <div className="integration-secret" role="status" data-testid="new-token">
          <strong>Your new token “{shown.name}”: copy it now, it is not shown again.</strong>
          <code>{shown.token}</code>
          <div className="integration-list__actions">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy()}>
              Copy token
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setShown(null)}>
              Done
            </button>
          </div>
          {copied && <SuccessBox>{copied}</SuccessBox>}
        </div>
      )}
      {list.isError && <ErrorBox>Your tokens could not be loaded.</ErrorBox>}
      {live.length > 0 ? (
        <ul className="integration-list" aria-label="Your API tokens">
          {live.map((token) => (
            <TokenRow key={token.id} token={token} busy={revoke.isPending} onRevoke={() => void revokeOne(token.id)} />
          ))}
        </ul>
      ) : (
        list.data && <p>No tokens yet.</p>
      )}
      {revoke.error && <ErrorBox>{errorMessage(revoke.error, 'The token could not be revoked.')}</ErrorBox>}
      {verified ? (
        <form className="integration-form" onSubmit={(event) => void submit(event)}>
          <div className="inline-fields">
            <label className="select-field">
              <span>Token name</span>
              <input
                className="input"
                value={name}
                maxLength={60}
                required
                placeholder="e.g. Portfolio script"
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            <label className="select-field">
              <span>Access</span>
              <select
                className="input"
                value={scope}
                onChange={(event) => setScope(event.target.value as ApiTokenScope)}
              >
                <option value="read">Read only</option>
                <option value="write">Read and write</option>
              </select>
            </label>
            <label className="select-field">
              <span>Expires (optional)</span>
              <input
                className="input"
                type="date"
                value={expiry}
                min={new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}
                onChange={(event) => setExpiry(event.target.value)}
              />
            </label>
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
              Create token
            </button>
          </div>
          {create.error && <ErrorBox>{errorMessage(create.error, 'The token could not be created.')}</ErrorBox>}
        </form>
      ) : (
        <p className="muted">Verify your email or phone to create tokens.</p>
      )}
    </section>
  );
}
