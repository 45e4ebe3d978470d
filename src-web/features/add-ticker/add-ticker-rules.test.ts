import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  addErrorMessage,
  addSuccessMessage,
  limitError,
  newTickerCount,
  resolveEntries,
  validateAddForm,
} from './add-ticker-rules';

const trpcError = (message: string, data: Record<string, unknown>) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data } } as never });

describe('add form validation (SPEC.md sections 5 and 8)', () => {
  it('asks for a ticker first, then a form type', () => {
    expect(validateAddForm({ tickers: ' , ', forms: [] })).toBe('Please enter a ticker symbol or company name');
    expect(validateAddForm({ tickers: 'aapl', forms: [] })).toBe('Please select at least one form type');
    expect(validateAddForm({ tickers: 'aapl', forms: ['8-K'] })).toBeNull();
  });
});

describe('entry resolution', () => {
  it('looks up names longer than 5 characters and uses the first match', async () => {
    const asked: string[] = [];
    const lookup = async (q: string) => {
      asked.push(q);
      return q === 'APPLE INC' ? [{ ticker: 'aapl' }, { ticker: 'APLE' }] : [];
    };
    expect(await resolveEntries(['MSFT', 'APPLE INC', 'NOSUCHCO'], lookup)).toEqual(['MSFT', 'AAPL', 'NOSUCHCO']);
    expect(asked).toEqual(['APPLE INC', 'NOSUCHCO']);
  });
  it('keeps the entry as typed when the lookup fails', async () => {
    expect(await resolveEntries(['TESLA MOTORS'], () => Promise.reject(new Error('down')))).toEqual(['TESLA MOTORS']);
  });
  it('drops duplicates after resolution', async () => {
    expect(await resolveEntries(['AAPL', 'APPLE INC'], async () => [{ ticker: 'AAPL' }])).toEqual(['AAPL']);
  });
});

describe('limits', () => {
  it('does not count tickers already in the watchlist', () => {
    expect(newTickerCount(['AAPL', 'MSFT', 'MSFT'], ['aapl'])).toBe(1);
  });
  it('free users get the upgrade hint', () => {
    const existing = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
    expect(limitError({ entries: ['X'], existing, limit: 10, paidPlan: false })).toBeNull();
    expect(limitError({ entries: ['X', 'Y', 'A'], existing, limit: 10, paidPlan: false })).toBe(
      'Adding 2 ticker(s) would exceed your limit of 10. Upgrade to PRO for up to 50 tickers.',
    );
  });
  it('paid users get the add-on hint', () => {
    const existing = Array.from({ length: 50 }, (_, i) => `T${i}`);
    expect(limitError({ entries: ['NEW'], existing, limit: 50, paidPlan: true })).toBe(
      'Adding 1 ticker(s) would exceed your limit of 50. Buy +20 more tickers for $5/month in Settings → Ticker Add-ons.',
    );
  });
});

describe('result and error messages', () => {
  it('reports added, updated and skipped counts, or a plain update', () => {
    expect(addSuccessMessage({ added: ['A', 'B'], updated: [], skipped: [] })).toBe('✅ 2 tickers added');
    expect(addSuccessMessage({ added: ['A'], updated: ['B'], skipped: ['ZZZZ'] })).toBe(
      '✅ 1 ticker added, 1 updated, 1 skipped (invalid)',
    );
    expect(addSuccessMessage({ added: [], updated: [], skipped: [] })).toBe('✅ Watchlist updated!');
  });
  it("shows 'ticker_not_recognized' with its message or the spec default", () => {
    expect(
      addErrorMessage(
        trpcError('Ticker symbol not recognized: ZZZZ', { reason: 'ticker_not_recognized', httpStatus: 400 }),
      ),
    ).toBe('Ticker symbol not recognized: ZZZZ');
    expect(addErrorMessage(trpcError('', { reason: 'ticker_not_recognized', httpStatus: 400 }))).toBe(
      'Ticker symbol not recognized. Please check the spelling or try a different symbol.',
    );
  });
  it('shows the server message, JSON bodies parsed, and the default otherwise', () => {
    expect(addErrorMessage(trpcError('{"error":"limit","message":"Too many"}', { httpStatus: 400 }))).toBe('Too many');
    expect(addErrorMessage(trpcError('{"error":"forms_locked"}', { httpStatus: 403 }))).toBe('forms_locked');
    expect(addErrorMessage(trpcError('Something went wrong on our side.', { httpStatus: 500 }))).toBe(
      'Failed to add ticker. Please try again.',
    );
    expect(addErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to add ticker. Please try again.');
  });
});
