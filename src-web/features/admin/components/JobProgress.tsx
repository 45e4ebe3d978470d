import { ErrorBox, SuccessBox } from '../../../components/Notice';
import { trpc } from '../../../lib/trpc';

/**
 * A long admin operation's progress (server: domains/admin/admin-jobs.service.ts): polls the job
 * every second until it is done or failed, then shows what it changed.
 */
export function JobProgress({
  jobId,
  describe,
}: {
  jobId: number;
  describe: (result: Record<string, unknown>, changed: number) => string;
}) {
  const job = trpc.admin.jobs.get.useQuery(
    { id: jobId },
    {
      refetchInterval: (q) =>
        q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000,
    },
  );
  const data = job.data;
  if (!data) return <p className="muted">Starting job #{jobId}...</p>;
  const max = data.total ?? 0;
  const label =
    data.status === 'queued'
      ? 'Waiting for a worker'
      : data.status === 'running'
        ? 'Running'
        : data.status === 'done'
          ? 'Done'
          : 'Failed';
  return (
    <div className="admin-job" data-job-status={data.status}>
      <p>
        <strong>{label}</strong> — job #{data.id}, {data.done.toLocaleString('en-US')}
        {data.total != null ? ` of ${data.total.toLocaleString('en-US')}` : ''} steps
      </p>
      <progress
        max={max || 1}
        value={data.status === 'done' ? max || 1 : data.done}
        aria-label={`Job ${data.id} progress`}
      />
      {data.status === 'done' && data.result ? <SuccessBox>{describe(data.result, data.changed)}</SuccessBox> : null}
      {data.status === 'failed' ? <ErrorBox>{data.error}</ErrorBox> : null}
    </div>
  );
}
