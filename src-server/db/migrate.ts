import { drizzle } from 'drizzle-orm/postgres-js';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrateJobQueue } from '../jobs/migrate';
import { projectPath } from '../config/paths';

export const MIGRATIONS_DIR = projectPath('drizzle');

/** The newest migration this code ships (drizzle-kit's journal), read once. */
let newestShipped: number | undefined;
function newestShippedMigration(): number {
  newestShipped ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis));
  return newestShipped;
}

/** Migrations this code ships that the database has not recorded yet (drizzle's journal table). */
export async function pendingMigrations(sql: postgres.Sql): Promise<number> {
  return Math.max(0, readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length - (await appliedCount(sql)));
}

/** Rows of drizzle's journal table; 0 before the first migration (checked first: no error in the server log). */
async function appliedCount(sql: postgres.Sql): Promise<number> {
  const [table] = await sql<
    { exists: boolean }[]
  >`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`;
  if (!table?.exists) return 0;
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
  return row?.n ?? 0;
}

/** True when the database has every migration this code ships (readiness). */
export async function migrationsApplied(sql: postgres.Sql): Promise<boolean> {
  const [row] = await sql<{ newest: string | null }[]>`
    select max(created_at)::text as newest from drizzle.__drizzle_migrations`;
  return Number(row?.newest ?? 0) >= newestShippedMigration();
}

/**
 * Applies drizzle-kit's migrations (idempotent: the journal table records what ran), then the
 * job queue's schema. `log` hears how many ran and how long they took (a first start runs all).
 */
export async function runMigrations(url: string, log: (message: string) => void = () => {}): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const started = Date.now();
  let pending = 0;
  try {
    pending = await pendingMigrations(sql);
    if (pending > 0) log(`applying ${pending} database migration${pending === 1 ? '' : 's'}...`);
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await sql.end();
  }
  await migrateJobQueue(url);
  if (pending > 0) log(`database migrations applied (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
