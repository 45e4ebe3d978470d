import { Loading } from '../../../components/Loading';
import { ErrorBox } from '../../../components/Notice';
import { trpc } from '../../../lib/trpc';

/** /admin/stripe-setup: what billing needs, what was found, and the steps still to take. */
export default function StripeSetupSection() {
  const q = trpc.admin.stripeSetup.check.useQuery();
  if (q.isLoading) return <Loading />;
  if (q.isError || !q.data) return <ErrorBox>{q.error?.message}</ErrorBox>;
  const s = q.data;
  const modeText =
    s.mode === 'live'
      ? 'Live mode: real cards are charged.'
      : s.mode === 'test'
        ? 'Test mode: Stripe test cards only.'
        : s.mode === 'local'
          ? 'No Stripe key: the built-in local test checkout stands in (development only).'
          : 'Billing is off: no key in production.';
  return (
    <div className="admin-stripe">
      <p>
        <span className={`status-pill ${s.ready ? 'status-pill--ok' : 'status-pill--warn'}`}>
          {s.ready ? 'Ready' : 'Not ready'}
        </span>{' '}
        {modeText}
      </p>
      <table className="admin-table">
        <caption className="visually-hidden">Billing configuration checks</caption>
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Result</th>
            <th scope="col">Found</th>
          </tr>
        </thead>
        <tbody>
          {s.checks.map((c) => (
            <tr key={c.id}>
              <th scope="row">{c.label}</th>
              <td>
                <span className={`status-pill ${c.ok ? 'status-pill--ok' : 'status-pill--warn'}`}>
                  {c.ok ? 'OK' : 'Missing'}
                </span>
              </td>
              <td>{c.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.signatureFailures7d > 0 ? (
        <ErrorBox>{s.signatureFailures7d} webhook signature failures in the last 7 days.</ErrorBox>
      ) : null}
      <h2>Steps to finish setup</h2>
      {s.steps.length === 0 ? (
        <p className="admin-empty">Nothing left to do: keys, prices and webhooks all check out.</p>
      ) : (
        <ol className="admin-steps">
          {s.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => void q.refetch()}
        disabled={q.isFetching}
      >
        {q.isFetching ? 'Checking...' : 'Check again'}
      </button>
    </div>
  );
}
