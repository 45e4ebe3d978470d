import { useState } from 'react';
import { trpc } from '../../lib/trpc';

/** Shows whether the live websocket channel is up, from the server's heartbeat. */
export function LiveStatus() {
  const [beat, setBeat] = useState<{ seq: number; at: string } | null>(null);
  trpc.system.heartbeat.useSubscription({ intervalMs: 5_000 }, { onData: (data) => setBeat(data) });
  const time = beat ? new Date(beat.at).toLocaleTimeString() : null;
  return (
    <span className="live-status" data-testid="live-status" data-seq={beat?.seq ?? 0} aria-live="polite">
      <span className={beat ? 'live-dot live-dot--on' : 'live-dot'} aria-hidden="true" />
      {time ? `Live · server ${time}` : 'Connecting…'}
    </span>
  );
}
