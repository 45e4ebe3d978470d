/**
 * npm run alerts:latency [-- <hours>] — end-to-end alert latency percentiles from the alert rows
 * (detected -> stored -> queued -> sent, and stored -> pushed for live dashboards).
 */
import { loadEnv } from '../src-server/config/env';
import { openDatabase } from '../src-server/db/open';
import { alertLatency } from '../src-server/domains/alerts/alerts-admin.service';

const hours = Number(process.argv[2] ?? 24);
if (!Number.isInteger(hours) || hours < 1 || hours > 720) {
  process.stderr.write('usage: npm run alerts:latency -- [hours 1-720]\n');
  process.exit(2);
}
const database = await openDatabase(loadEnv(), () => {}, { shareRunning: true });
try {
  const { stages } = await alertLatency(database.db, { hours });
  const cell = (v: number | null) => (v == null ? '-' : String(v)).padStart(9);
  process.stdout.write(`alert latency over the last ${hours} h (ms)\n`);
  process.stdout.write(
    `${'stage'.padEnd(20)}${'channel'.padEnd(9)}${'count'.padStart(8)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}\n`,
  );
  for (const s of stages) {
    process.stdout.write(
      `${s.stage.padEnd(20)}${s.channel.padEnd(9)}${String(s.count).padStart(8)}${cell(s.p50Ms)}${cell(s.p95Ms)}${cell(s.p99Ms)}\n`,
    );
  }
  if (stages.length === 0) process.stdout.write('(no alerts in the window)\n');
} finally {
  await database.shutdown();
}
