/**
 * Where EDGAR data comes from: live sec.gov (EDGAR_USER_AGENT set) or the replay of recorded
 * real filings (a local server started in-process, or EDGAR_BASE_URL pointing at one).
 */
import type { Env } from '../../config/env';
import { EdgarClient } from './edgar-client';
import { sharedRateLimiter } from './rate-limiter';
import { startReplayServer, type ReplayServer } from './replay/replay-server';

export interface EdgarSource {
  mode: 'live' | 'replay';
  /** Starts the replay server when needed; safe to call more than once. */
  start(): Promise<EdgarClient>;
  client(): EdgarClient;
  replayServer(): ReplayServer | null;
  stop(): Promise<void>;
}

type EdgarEnv = Pick<
  Env,
  'EDGAR_USER_AGENT' | 'EDGAR_BASE_URL' | 'EDGAR_DATA_BASE_URL' | 'EDGAR_RATE_PER_SECOND' | 'EDGAR_REPLAY_INITIAL' | 'EDGAR_REPLAY_INTERVAL_SECONDS'
>;

const REPLAY_USER_AGENT = 'filing-alerts offline-replay replay@localhost.invalid';

export function createEdgarSource(env: EdgarEnv, log: (message: string) => void = () => {}): EdgarSource {
  const mode = env.EDGAR_USER_AGENT ? 'live' : 'replay';
  let client: EdgarClient | null = null;
  let replay: ReplayServer | null = null;
  let starting: Promise<EdgarClient> | null = null;

  const make = (baseUrl: string, dataBaseUrl: string) =>
    new EdgarClient({
      baseUrl,
      dataBaseUrl,
      userAgent: env.EDGAR_USER_AGENT ?? REPLAY_USER_AGENT,
      limiter: sharedRateLimiter(env.EDGAR_RATE_PER_SECOND),
    });

  async function start(): Promise<EdgarClient> {
    if (mode === 'live') {
      client = make(env.EDGAR_BASE_URL ?? 'https://www.sec.gov', env.EDGAR_DATA_BASE_URL ?? 'https://data.sec.gov');
      log(`EDGAR live mode: polling ${client.baseUrl} as "${env.EDGAR_USER_AGENT}" (max ${env.EDGAR_RATE_PER_SECOND} req/s)`);
      return client;
    }
    let base = env.EDGAR_BASE_URL;
    if (!base) {
      replay = await startReplayServer({ initial: env.EDGAR_REPLAY_INITIAL, intervalMs: env.EDGAR_REPLAY_INTERVAL_SECONDS * 1000 });
      base = replay.url;
      log(
        `EDGAR REPLAY MODE (EDGAR_USER_AGENT not set): serving ${replay.total} recorded real filings from ${base}; ` +
          `${replay.released()} released now, then one every ${env.EDGAR_REPLAY_INTERVAL_SECONDS}s. Set EDGAR_USER_AGENT='Company contact@domain' for live EDGAR.`,
      );
    } else {
      log(`EDGAR REPLAY MODE (EDGAR_USER_AGENT not set): reading ${base}`);
    }
    client = make(base, env.EDGAR_DATA_BASE_URL ?? base);
    return client;
  }

  return {
    mode,
    start() {
      starting ??= start();
      return starting;
    },
    client() {
      if (!client) throw new Error('EDGAR source not started');
      return client;
    },
    replayServer: () => replay,
    async stop() {
      await replay?.close();
      replay = null;
      client = null;
      starting = null;
    },
  };
}
