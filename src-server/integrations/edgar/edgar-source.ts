/**
 * Where EDGAR data comes from: live sec.gov (EDGAR_USER_AGENT set) or the replay of recorded
 * real filings (a local server started in-process, or EDGAR_BASE_URL pointing at one). Every
 * client shares one request budget: in PostgreSQL across processes when a database is given
 * (request-budget.ts), else an in-process limiter (tests, one-off scripts).
 */
import { systemClock, type Clock } from '../../clock';
import { type Env, edgarMode } from '../../config/env';
import type { Db } from '../../db/client';
import { EdgarClient } from './edgar-client';
import { sharedRateLimiter } from './rate-limiter';
import { startReplayServer } from './replay/replay-server';
import { PgRequestBudget, type RequestGate } from './request-budget';

/** A local EDGAR the source started (the replay, or the simulator of bench:detect). */
export interface LocalEdgar {
  url: string;
  close(): Promise<void>;
}

export interface EdgarSource {
  mode: 'live' | 'replay';
  /**
   * Poll on EDGAR's New York schedule (live, the simulator); false for the recorded replay,
   * which releases its filings at any hour.
   */
  edgarHours: boolean;
  /** Starts the replay server when needed; safe to call more than once. */
  start(): Promise<EdgarClient>;
  client(): EdgarClient;
  localServer(): LocalEdgar | null;
  stop(): Promise<void>;
}

type EdgarEnv = Pick<
  Env,
  | 'EDGAR_USER_AGENT'
  | 'EDGAR_SOURCE'
  | 'EDGAR_BASE_URL'
  | 'EDGAR_DATA_BASE_URL'
  | 'EDGAR_EFTS_BASE_URL'
  | 'EDGAR_RATE_PER_SECOND'
  | 'EDGAR_REPLAY_INITIAL'
  | 'EDGAR_REPLAY_INTERVAL_SECONDS'
>;

export interface EdgarSourceOptions {
  log?: (message: string) => void;
  /** The shared budget lives here; absent, an in-process limiter. */
  db?: Db;
  clock?: Clock;
  /** Replay mode: start this local EDGAR instead of the recorded replay (bench:detect's simulator). */
  local?: () => Promise<LocalEdgar & { describe: string }>;
}

const REPLAY_USER_AGENT = 'filing-alerts offline-replay replay@localhost.invalid';

export function createEdgarSource(
  env: EdgarEnv,
  options: EdgarSourceOptions | ((message: string) => void) = {},
): EdgarSource {
  const o: EdgarSourceOptions = typeof options === 'function' ? { log: options } : options;
  const log = o.log ?? (() => {});
  const clock = o.clock ?? systemClock;
  const mode = edgarMode(env);
  let client: EdgarClient | null = null;
  let local: LocalEdgar | null = null;
  let starting: Promise<EdgarClient> | null = null;
  // The recorded replay is our own server on loopback: SEC's fair-access limit is not its to keep,
  // and at 8 requests a second its 98 filings took 40 s to ingest (three browser test files wait
  // for them). Live EDGAR, a given EDGAR_BASE_URL and the simulator keep the budget.
  const ownReplay = mode === 'replay' && !env.EDGAR_BASE_URL && !o.local;
  const limiter: RequestGate = ownReplay
    ? { take: async () => {} }
    : o.db
      ? new PgRequestBudget(o.db, { perSecond: env.EDGAR_RATE_PER_SECOND, clock })
      : sharedRateLimiter(env.EDGAR_RATE_PER_SECOND);

  const make = (baseUrl: string, dataBaseUrl: string, eftsBaseUrl: string) =>
    new EdgarClient({
      baseUrl,
      dataBaseUrl,
      eftsBaseUrl,
      userAgent: env.EDGAR_USER_AGENT ?? REPLAY_USER_AGENT,
      limiter,
      clock,
    });

  async function start(): Promise<EdgarClient> {
    if (mode === 'live') {
      client = make(
        env.EDGAR_BASE_URL ?? 'https://www.sec.gov',
        env.EDGAR_DATA_BASE_URL ?? 'https://data.sec.gov',
        env.EDGAR_EFTS_BASE_URL ?? 'https://efts.sec.gov',
      );
      log(
        `EDGAR live mode: polling ${client.baseUrl} as "${env.EDGAR_USER_AGENT}" (at most ${env.EDGAR_RATE_PER_SECOND} req/s across all processes)`,
      );
      return client;
    }
    const why = env.EDGAR_SOURCE === 'replay' ? 'EDGAR_SOURCE=replay' : 'EDGAR_USER_AGENT not set';
    let base = env.EDGAR_BASE_URL;
    if (!base && o.local) {
      const started = await o.local();
      local = started;
      base = started.url;
      log(`EDGAR REPLAY MODE (${why}): ${started.describe} at ${base}`);
    } else if (!base) {
      const replay = await startReplayServer({
        initial: env.EDGAR_REPLAY_INITIAL,
        intervalMs: env.EDGAR_REPLAY_INTERVAL_SECONDS * 1000,
      });
      local = replay;
      base = replay.url;
      log(
        `EDGAR REPLAY MODE (${why}): serving ${replay.total} recorded real filings from ${base}; ` +
          `${replay.released()} released now, then one every ${env.EDGAR_REPLAY_INTERVAL_SECONDS}s. Set EDGAR_USER_AGENT='Company contact@domain' for live EDGAR.`,
      );
    } else {
      log(`EDGAR REPLAY MODE (${why}): reading ${base}`);
    }
    client = make(base, env.EDGAR_DATA_BASE_URL ?? base, env.EDGAR_EFTS_BASE_URL ?? base);
    return client;
  }

  return {
    mode,
    edgarHours: mode === 'live' || o.local != null,
    start() {
      starting ??= start();
      return starting;
    },
    client() {
      if (!client) throw new Error('EDGAR source not started');
      return client;
    },
    localServer: () => local,
    async stop() {
      await local?.close();
      local = null;
      client = null;
      starting = null;
    },
  };
}
