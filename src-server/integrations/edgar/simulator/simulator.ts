/**
 * The EDGAR simulator: a simulated business day (sim-day.ts) served by the local EDGAR
 * (replay/edgar-server.ts) on a controllable clock, with SEC's fair-access rules enforced
 * (more than 10 requests in a second: 403 and a 10-minute block; undeclared User-Agent: 403).
 */
import type { Clock } from '../../../clock';
import { EdgarWorld, serveEdgar, type EdgarServer, type FairAccess, type RequestInfo } from '../replay/edgar-server';
import type { SimDay } from './sim-day';

export const SEC_FAIR_ACCESS: FairAccess = { perSecond: 10, blockMs: 10 * 60_000, requireUserAgent: true };

export interface EdgarSimulatorOptions {
  day: SimDay;
  clock: Clock;
  /** Default SEC's rules; null: none. */
  fairAccess?: FairAccess | null;
  fakeZuluShare?: number;
  port?: number;
  onRequest?: (info: RequestInfo) => void;
  override?: (path: string) => number | undefined;
}

export interface EdgarSimulator extends EdgarServer {
  day: SimDay;
}

export async function startEdgarSimulator(options: EdgarSimulatorOptions): Promise<EdgarSimulator> {
  const world = new EdgarWorld(options.day.filings, options.clock, { fakeZuluShare: options.fakeZuluShare });
  const server = await serveEdgar(world, {
    port: options.port,
    fairAccess: options.fairAccess === undefined ? SEC_FAIR_ACCESS : options.fairAccess,
    onRequest: options.onRequest,
    override: options.override,
  });
  return { ...server, day: options.day };
}
