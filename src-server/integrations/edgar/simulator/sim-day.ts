/**
 * One simulated EDGAR business day. By default it replays the acceptance profile of a real day
 * (Tue 2025-11-18: 3,065 filings accepted 06:00-22:00 ET with their forms and sizes, plus the
 * 406 filings of the evening before, 179 of them held for the 06:00 release), from datamule's
 * public detection dataset (data/SOURCES.md). Each filing gets, per public source, the moment it
 * shows there, drawn from the research's measured distributions (research/edgar-latency.md):
 *
 * - feed: the measured lag of its acceptance window (06:00-09:30, 09:30-16:00, 16:00-17:30, and
 *   evening exempt forms), n = 271,974;
 * - held: non-exempt forms accepted after 17:30 are listed at 06:00 the next business day plus
 *   the measured release offset (p10/p50/p90 107/217/417 s), at their acceptance place;
 * - archive: the documents land shortly before the feed lists them (feed ~1 s after the .txt);
 * - full-text index U(60, 180) s, submissions JSON lognormal (median 120 s, p95 600 s) [guesses
 *   of the research, parameters here], but never before the documents: both are built from what
 *   EDGAR disseminated (see `disseminated` below, decision 205);
 * - a share of filings (default 0.5%) never appears in the feed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nextBusinessDay, nyInstant, previousBusinessDay } from '#shared/us-calendar';
import { HOLD_CUTOFF_S, isExemptFromHold, MARKET_CLOSE_S, MARKET_OPEN_S } from '../schedule';
import { simulatedFiles, simulatedOwner, simulatedPrimaryName } from './documents';
import type { SimFiling, SimParty } from './edgar-state';
import { sampleLognormal, sampleQuantiles, seededRandom, uniform, type Quantiles } from './random';

const DATA = fileURLToPath(new URL('./data/', import.meta.url));
export const RECORDED_DAY = '2025-11-18';

/** A filing to simulate: acceptance as New York seconds of day `day` (0 = the simulated date, -1 = the business day before). */
export interface FilingSpec {
  acceptedSeconds: number;
  day?: 0 | -1;
  form: string;
  sizeBytes?: number;
  /** The company; drawn from the pool when absent. */
  cik?: number;
  companyName?: string;
  /** Never listed in the feed. */
  dropFromFeed?: boolean;
}

export type LagWindow = '06:00-09:30' | '09:30-16:00' | '16:00-17:30' | '17:30-22:00 exempt';
/** Seconds, drawn per filing (a number is a constant lag). */
export type Lag<C = LagWindow> = number | ((context: C, random: () => number) => number);

export interface LagParams {
  feed: Lag;
  /** Seconds after 06:00 at which a held filing is listed. */
  release: Lag<null>;
  /** Documents land this long before the feed lists a filing (after acceptance at the earliest). */
  archivesBeforeFeed: Lag<null>;
  /** For filings the feed never lists: documents this long after acceptance (or release). */
  archives: Lag<null>;
  efts: Lag<null>;
  submissions: Lag<null>;
}

export interface SimDayOptions {
  /** The simulated business day (default the recorded day). */
  date?: string;
  seed?: number;
  /** Share of filings never listed in the feed (default 0.005, the research's guess). */
  dropShare?: number;
  /** Companies filings are spread over (cik + name). */
  companies: readonly { cik: number; name: string }[];
  /** Overrides of the per-source lag distributions. */
  lags?: Partial<LagParams>;
  /** Filings to simulate instead of the recorded day. */
  specs?: readonly FilingSpec[];
}

export interface SimDay {
  date: string;
  previous: string;
  filings: SimFiling[];
}

type LagTables = Record<string, Quantiles>;
let tables: LagTables | null = null;

export function lagTables(): LagTables {
  tables ??= JSON.parse(readFileSync(`${DATA}feed-lag-quantiles.json`, 'utf8')) as LagTables;
  return tables;
}

export const DEFAULT_LAGS: LagParams = {
  feed: (window, random) => sampleQuantiles(lagTables()[window]!, random()),
  release: (_c, random) => sampleQuantiles(lagTables()['release after 06:00']!, random()),
  archivesBeforeFeed: (_c, random) => uniform(0, 3, random),
  archives: (_c, random) => sampleLognormal(28, 39, random),
  efts: (_c, random) => uniform(60, 180, random),
  submissions: (_c, random) => sampleLognormal(120, 600, random),
};

function draw<C>(lag: Lag<C>, context: C, random: () => number): number {
  return typeof lag === 'number' ? lag : lag(context, random);
}

function readDay(file: string, day: 0 | -1): FilingSpec[] {
  const lines = readFileSync(`${DATA}${file}`, 'utf8').trim().split('\n').slice(1);
  return lines.map((line) => {
    const m = /^(\d+),("(?:[^"]|"")*"|[^,]*),(\d*)$/.exec(line);
    if (!m) throw new Error(`bad simulator data line: ${line}`);
    const form = m[2]!.startsWith('"') ? (JSON.parse(m[2]!) as string) : m[2]!;
    return { acceptedSeconds: Number(m[1]), day, form, sizeBytes: m[3] ? Number(m[3]) : 0 };
  });
}

/** The recorded day's filings: the evening before, then the day itself. */
export function recordedDaySpecs(): FilingSpec[] {
  return [...readDay('evening-2025-11-17.csv', -1), ...readDay('day-2025-11-18.csv', 0)];
}

export function lagWindow(acceptedSeconds: number): LagWindow {
  if (acceptedSeconds < MARKET_OPEN_S) return '06:00-09:30';
  if (acceptedSeconds < MARKET_CLOSE_S) return '09:30-16:00';
  if (acceptedSeconds < HOLD_CUTOFF_S) return '16:00-17:30';
  return '17:30-22:00 exempt';
}

function parties(
  form: string,
  company: { cik: number; name: string },
  other: { cik: number; name: string },
): SimParty[] {
  if (/^[345](\/A)?$/.test(form)) {
    const owner = simulatedOwner() ?? other;
    return [
      { cik: owner.cik, name: owner.name, role: 'Reporting' },
      { cik: company.cik, name: company.name, role: 'Issuer' },
    ];
  }
  if (/^(SC |SCHEDULE )13[DG]/.test(form)) {
    return [
      { cik: company.cik, name: company.name, role: 'Subject' },
      { cik: other.cik, name: other.name, role: 'Filed by' },
    ];
  }
  return [{ cik: company.cik, name: company.name, role: 'Filer' }];
}

export function buildSimDay(options: SimDayOptions): SimDay {
  const date = options.date ?? RECORDED_DAY;
  const previous = previousBusinessDay(date);
  const random = seededRandom(options.seed ?? 20251118);
  const lags = { ...DEFAULT_LAGS, ...options.lags };
  const dropShare = options.dropShare ?? 0.005;
  const pool = options.companies;
  if (pool.length < 2) throw new Error('the simulator needs at least two companies');
  const pick = () => pool[Math.floor(random() * pool.length)]!;
  const yy = date.slice(2, 4);
  const sequences = new Map<number, number>();
  const specs = options.specs ?? recordedDaySpecs();

  const filings = specs.map((spec, i): SimFiling => {
    const day = spec.day === -1 ? previous : date;
    const acceptedAt = nyInstant(day, spec.acceptedSeconds) + Math.floor(random() * 1000);
    const company = spec.cik ? { cik: spec.cik, name: spec.companyName ?? pick().name } : pick();
    let other = pick();
    while (other.cik === company.cik) other = pick();
    const agent = i % 10;
    const seq = (sequences.get(agent) ?? 0) + 1;
    sequences.set(agent, seq);
    const held = spec.acceptedSeconds >= HOLD_CUTOFF_S && !isExemptFromHold(spec.form);
    const releasedOn = held ? nextBusinessDay(day) : day;
    const publicAt = held ? nyInstant(releasedOn, 6 * 3600) + draw(lags.release, null, random) * 1000 : acceptedAt;
    const dropped = spec.dropFromFeed ?? random() < dropShare;
    const feedLag = held ? 0 : draw(lags.feed, lagWindow(spec.acceptedSeconds), random) * 1000;
    const feedAt = dropped ? null : publicAt + Math.max(0, feedLag);
    const archivesAt =
      feedAt != null
        ? Math.max(publicAt, feedAt - draw(lags.archivesBeforeFeed, null, random) * 1000)
        : publicAt + draw(lags.archives, null, random) * 1000;
    // The full-text index and the submissions JSON list a filing no earlier than its documents
    // can be downloaded (research/edgar-latency.md): EFTS answers document-level hits (one per
    // document: adsh, file_type, sequence), i.e. it indexes the disseminated documents, and is the
    // "slower, but complete" source [M, datamule]; the SEC updates submissions JSON "as
    // submissions are disseminated" [D]; the only measured ordering is index page (0 s) ->
    // documents (median +28 s, max +43 s) -> feed (median 1 s after the .txt) [M*, Friedman].
    // Their own lags (U(60, 180) s, lognormal 120/600 s) are guesses [G] drawn from acceptance;
    // drawn independently of the feed's long tail they could list a filing whose documents the
    // feed-tied archive time still holds back (a Form 4 listed by EFTS 29 s before its documents,
    // decision 205), which EDGAR's own pipeline does not do.
    const disseminated = (at: number) => Math.max(at, archivesAt);
    let files: Map<string, string> | null = null;
    const filing: SimFiling = {
      accessionNo: `99999${String(agent).padStart(5, '0')}-${yy}-${String(seq).padStart(6, '0')}`,
      formType: spec.form,
      cik: company.cik,
      companyName: company.name,
      parties: parties(spec.form, company, other),
      acceptedAt,
      filingDate: releasedOn,
      feedAt,
      feedOrder: acceptedAt,
      archivesAt,
      eftsAt: disseminated(publicAt + draw(lags.efts, null, random) * 1000),
      submissionsAt: disseminated(publicAt + draw(lags.submissions, null, random) * 1000),
      sizeBytes: spec.sizeBytes ?? 0,
      primaryDocument: simulatedPrimaryName(spec.form),
      files: () => (files ??= simulatedFiles(filing)),
    };
    return filing;
  });
  return { date, previous, filings };
}
