/**
 * One EDGAR request budget for every process and host of the app: SEC counts a user's requests
 * "regardless of the number of machines" (10 per second; we stay at 8 or below). The budget lives
 * in PostgreSQL, the one component every process shares: a single row holds the grant instants of
 * the last second, and a request is granted only while fewer than its priority's share of the
 * limit went out in the last second. The feed may use the whole limit, live documents all but
 * one slot, the safety-net sweep all but two, bulk work (backfills, reconciliation) all but three:
 * whatever the bulk queue does, the feed and live filings always find a free slot.
 *
 * A block answer from SEC (403) pauses every process for 10 minutes through the same row.
 */
import { sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock';
import type { Db } from '../../db/client';
import { JobSlotYield, yieldAfterMs } from '../../jobs/slot-yield';

/** Highest first: the feed poll, documents of live filings, the safety-net sweep, bulk work. */
export type EdgarPriority = 'feed' | 'live' | 'sweep' | 'bulk';

/** Slots of the per-second limit each priority leaves free for the ones above it. */
export const PRIORITY_RESERVE: Record<EdgarPriority, number> = { feed: 0, live: 1, sweep: 2, bulk: 3 };

/** Priorities whose requests give a job's slot back rather than wait long for the budget. */
const YIELDING: Record<EdgarPriority, boolean> = { feed: false, live: false, sweep: true, bulk: true };
/** When a job that gave its slot back runs again (real ms). */
const BUSY_RETRY_MS = 15_000;

export class EdgarPausedError extends Error {
  override name = 'EdgarPausedError';
  constructor(
    readonly retryAt: Date,
    readonly reason: string | null,
  ) {
    super(`EDGAR requests paused until ${retryAt.toISOString()}${reason ? ` (${reason})` : ''}`);
  }
}

/** What EdgarClient needs: wait for a slot; optionally share a pause with every other process. */
export interface RequestGate {
  take(priority: EdgarPriority): Promise<void>;
  pause?(untilMs: number, reason: string): Promise<void>;
}

export interface PgRequestBudgetOptions {
  /** Requests per second across every process (at most 10, SEC's limit). */
  perSecond: number;
  clock?: Clock;
}

interface TakeRow extends Record<string, unknown> {
  granted: boolean;
  wait_ms: number;
  paused_until_ms: number | null;
  pause_reason: string | null;
  granted_at_ms: number | null;
}

/** The shared budget (function edgar_budget_take, migration 0020). */
export class PgRequestBudget implements RequestGate {
  private readonly clock: Clock;
  readonly perSecond: number;

  constructor(
    private readonly db: Db,
    options: PgRequestBudgetOptions,
  ) {
    if (!(options.perSecond >= 1 && options.perSecond <= 10))
      throw new Error('EDGAR budget must be 1-10 requests per second');
    this.perSecond = Math.floor(options.perSecond);
    this.clock = options.clock ?? systemClock;
  }

  allowed(priority: EdgarPriority): number {
    return Math.max(1, this.perSecond - PRIORITY_RESERVE[priority]);
  }

  /** Grant instants (budget clock), when a test asks for them. */
  grants: number[] | null = null;

  /**
   * Resolves when a request of this priority may go out; throws EdgarPausedError while paused. In a
   * job, a sweep or bulk request that has waited the job's yield time throws JobSlotYield: the
   * feed and live documents may keep the budget full for minutes, and the job's slot is worth more
   * to the live ingests behind it than to a wait (slot-yield.ts).
   */
  async take(priority: EdgarPriority): Promise<void> {
    const yieldAfter = YIELDING[priority] ? yieldAfterMs() : null;
    const started = performance.now();
    for (;;) {
      const [row] = await this.db.execute<TakeRow>(
        sql`select * from edgar_budget_take(${this.allowed(priority)}::int, ${this.clock.offsetMs()}::float8)`,
      );
      if (!row) throw new Error('edgar_budget_take returned nothing');
      if (row.granted) {
        this.grants?.push(Number(row.granted_at_ms));
        return;
      }
      if (row.paused_until_ms != null) throw new EdgarPausedError(new Date(row.paused_until_ms), row.pause_reason);
      // Given back as soon as the wait is known to pass the job's yield time.
      if (yieldAfter != null && performance.now() - started + row.wait_ms >= yieldAfter)
        throw new JobSlotYield(BUSY_RETRY_MS, `the EDGAR budget stayed full for ${priority} requests`);
      await this.clock.sleep(Math.max(1, row.wait_ms));
    }
  }

  async pause(untilMs: number, reason: string): Promise<void> {
    await this.db.execute(sql`
      insert into edgar_budget (id, paused_until, pause_reason) values (1, to_timestamp(${untilMs}::float8 / 1000), ${reason})
      on conflict (id) do update set
        paused_until = greatest(coalesce(edgar_budget.paused_until, '-infinity'), excluded.paused_until),
        pause_reason = excluded.pause_reason`);
  }

  /** When a pause is on, its end; else null. */
  async pausedUntil(): Promise<Date | null> {
    const [row] = await this.db.execute<{ until_ms: number | null }>(sql`
      select (extract(epoch from paused_until) * 1000)::float8 as until_ms from edgar_budget
      where id = 1 and paused_until > clock_timestamp() + make_interval(secs => ${this.clock.offsetMs() / 1000}::float8)`);
    return row?.until_ms != null ? new Date(Number(row.until_ms)) : null;
  }
}
