import { AppError } from '#shared/app-error';
import { allowedForms, type BrandId } from '#shared/brands';
import { COPY, limitExceededMessage } from '#shared/copy';
import { FORM_VALUES, type FormType } from '#shared/forms';
import { FREE_TICKER_LIMIT, isPro, tickerLimitFor } from '#shared/plans';
import { parseTickerEntries } from '#shared/ticker-entry';
import type { Db } from '../../db/client';
import type { TickerIndex } from '../tickers/ticker-index';
import { resolveEntry } from '../tickers/tickers.service';
import * as repo from './watchlist.repo';

/** SPEC.md section 3's "ticker add result", with every resolved ticker in `tickers`. */
export interface SubscribeResult {
  tickers: string[];
  added: string[];
  updated: string[];
  /** Entries as typed that are not tickers we know. */
  skipped: string[];
}

const formName = (form: string) => (/^\d+$/.test(form) ? `Form ${form}` : form);

/** Catalogue forms from the request, matched case-insensitively; an unknown value is a 400. */
function parseForms(forms: readonly string[]): FormType[] {
  const wanted = forms.map((f) => f.trim()).filter(Boolean);
  if (wanted.length === 0) throw new AppError('BAD_REQUEST', COPY.selectForm, { reason: 'forms_required' });
  const parsed = new Set<FormType>();
  for (const form of wanted) {
    const match = FORM_VALUES.find((value) => value.toUpperCase() === form.toUpperCase());
    if (!match)
      throw new AppError('BAD_REQUEST', `"${form}" is not a form type we track.`, {
        reason: 'unknown_form',
        details: { form },
      });
    parsed.add(match);
  }
  return [...parsed];
}

function assertFormsAllowed(forms: FormType[], allowed: readonly FormType[]): void {
  const locked = forms.filter((f) => !allowed.includes(f));
  if (locked.length === 0) return;
  const names = locked.map(formName).join(', ');
  throw new AppError(
    'FORBIDDEN',
    `${names} ${locked.length === 1 ? 'is' : 'are'} locked on your plan. Upgrade to PRO to follow ${locked.length === 1 ? 'it' : 'them'}.`,
    { reason: 'form_locked', details: { locked_forms: locked } },
  );
}

/** A validated add request: resolved tickers, skipped entries, catalogue forms, note. */
export interface Subscription {
  tickers: string[];
  skipped: string[];
  forms: FormType[];
  notes: string | null;
}

/**
 * The input rules of SPEC.md section 5, before anything is written: entries split, trimmed and
 * uppercased; names over 5 characters resolved by the ticker search; unknown symbols skipped, and
 * a request with nothing recognisable is `ticker_not_recognized`.
 */
export function parseSubscription(
  index: TickerIndex,
  input: { entries: string; forms: readonly string[]; notes?: string | null },
): Subscription {
  const entries = parseTickerEntries(input.entries);
  if (entries.length === 0) throw new AppError('BAD_REQUEST', COPY.enterTicker, { reason: 'tickers_required' });
  const forms = parseForms(input.forms);
  const tickers: string[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    const resolved = resolveEntry(index, { entry });
    if (resolved.ticker === null) skipped.push(entry);
    else if (!tickers.includes(resolved.ticker)) tickers.push(resolved.ticker);
  }
  if (tickers.length === 0) {
    throw new AppError('BAD_REQUEST', COPY.tickerNotRecognized, {
      reason: 'ticker_not_recognized',
      details: { skipped },
    });
  }
  return { tickers, skipped, forms, notes: input.notes?.trim() || null };
}

/**
 * Adds tickers to a watchlist or updates the forms (and the note, when one is given) of those
 * already there (POST /api/subscribe, watchlist.subscribe). Forms must be open to the user's plan
 * on this brand. The limit is checked inside the writing transaction after locking the user's
 * row, so concurrent requests for one user are counted one after another and never overshoot it.
 */
export async function addTickers(
  db: Db,
  params: { userId: string; brand: BrandId; subscription: Subscription },
): Promise<SubscribeResult> {
  const { tickers, skipped, forms, notes } = params.subscription;
  return db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, { userId: params.userId });
    if (!user) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
    assertFormsAllowed(forms, allowedForms(params.brand, isPro(user)));
    const existing = new Set(await repo.listTickers(tx, { userId: user.id }));
    const added = tickers.filter((t) => !existing.has(t));
    const updated = tickers.filter((t) => existing.has(t));
    const limit = tickerLimitFor(user);
    if (added.length > 0 && existing.size + added.length > limit) {
      throw new AppError('FORBIDDEN', limitExceededMessage({ adding: added.length, limit, paidPlan: isPro(user) }), {
        reason: 'ticker_limit_exceeded',
        details: { limit, current: existing.size, adding: added.length },
      });
    }
    await repo.upsertItems(tx, { userId: user.id, tickers, forms, notes });
    return { tickers, added, updated, skipped };
  });
}

/** The stored spelling of a symbol the user typed (BRK.B is stored as SEC's BRK-B). */
function storedSymbol(index: TickerIndex, ticker: string): string {
  return index.get(ticker)?.ticker ?? ticker.trim().toUpperCase();
}

const notInWatchlist = (ticker: string) =>
  new AppError('NOT_FOUND', `${ticker} is not in your watchlist.`, { reason: 'not_in_watchlist', details: { ticker } });

export async function removeTicker(
  db: Db,
  params: { userId: string; index: TickerIndex; ticker: string },
): Promise<{ ticker: string; removed: true }> {
  const ticker = storedSymbol(params.index, params.ticker);
  await db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, { userId: params.userId });
    if (!(await repo.deleteItem(tx, { userId: params.userId, ticker }))) throw notInWatchlist(ticker);
    // A paused item (over the limit after a downgrade) takes the freed place.
    if (user) await repo.pauseOverLimit(tx, { userId: user.id, limit: tickerLimitFor(user) });
  });
  return { ticker, removed: true };
}

/**
 * Keeps the user's watchlist within their current limit without deleting anything: items past
 * it are paused (newest first), paused ones resume when the limit grows. Called after a plan
 * change, inside its transaction.
 */
export async function enforceTickerLimit(
  db: Db,
  params: { userId: string },
): Promise<{ paused: number; resumed: number; limit: number }> {
  const user = await repo.lockUser(db, { userId: params.userId });
  if (!user) return { paused: 0, resumed: 0, limit: 0 };
  const limit = tickerLimitFor(user);
  return { ...(await repo.pauseOverLimit(db, { userId: user.id, limit })), limit };
}

/** Users a turn of applyLapsedCompLimits handles at most (the next turn takes the rest). */
const LAPSED_BATCH = 500;

/**
 * A complimentary PRO period ends by date, with no event to hang the limit change on (issue #28
 * item 18): a periodic sweep (alerts.workers, once per cluster turn) pauses the items past the
 * free limit of each user whose comp ended and who does not pay, as a billing downgrade does.
 * Idempotent: a user already within the limit is not selected again.
 */
export async function applyLapsedCompLimits(db: Db): Promise<{ users: number; paused: number }> {
  const ids = await repo.listLapsedCompOverLimit(db, { freeLimit: FREE_TICKER_LIMIT, limit: LAPSED_BATCH });
  let paused = 0;
  for (const userId of ids) {
    // Under the user's lock, enforceTickerLimit re-reads the plan: a comp or payment that started
    // since the select keeps every item.
    paused += (await db.transaction((tx) => enforceTickerLimit(tx, { userId }))).paused;
  }
  return { users: ids.length, paused };
}

/** Opening a ticker's filings: everything stored until now counts as seen. */
export async function markTickerSeen(
  db: Db,
  params: { userId: string; index: TickerIndex; ticker: string },
): Promise<{ ticker: string; seen_at: string }> {
  const ticker = storedSymbol(params.index, params.ticker);
  const seenAt = await repo.markSeen(db, { userId: params.userId, ticker });
  if (!seenAt) throw notInWatchlist(ticker);
  return { ticker, seen_at: seenAt.toISOString() };
}
