import { z } from 'zod';
import { AppError } from '#shared/app-error';

/**
 * Keyset pagination for admin lists: the client sends back `nextCursor` as `cursor`; the cursor
 * is the sort key of the last row shown (opaque base64url JSON), so a page never shifts when
 * rows are added meanwhile and page 1,000 costs what page 1 costs.
 */
export const pageInput = {
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().max(300).nullish(),
  // tRPC's infinite queries also send the paging direction; admin lists only go forward.
  direction: z.literal('forward').optional(),
};

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type CursorKey = (string | number)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key of a cursor, or null for the first page; a cursor we did not make is a 400. */
export function decodeCursor(cursor: string | null | undefined, arity: number): CursorKey | null {
  if (!cursor) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === arity && key.every((k) => typeof k === 'string' || typeof k === 'number'))
      return key;
  } catch {
    // falls through to the 400
  }
  throw new AppError('BAD_REQUEST', 'The page cursor is not valid; start again from the first page.', {
    reason: 'invalid_cursor',
  });
}

/** A page from `limit + 1` rows fetched in sort order: the extra row only says there is more. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => CursorKey): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
