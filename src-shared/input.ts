import { z } from 'zod';

/**
 * The building blocks of every request schema (REST bodies, query strings, path parameters,
 * tRPC inputs), so text the database cannot store is a 400 at the edge, never a 500 below it.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text refuses NUL (22021) and jsonb refuses ill-formed UTF-16 (lone surrogates). */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export const UNSTORABLE_TEXT_MESSAGE = 'contains a NUL character or broken Unicode';

/**
 * The one string type of request schemas: a string without NUL and with well-formed UTF-16.
 * Chain the usual checks after it (`text().trim().min(1).max(20)`).
 */
export function text() {
  return z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

/** Timestamps a request may carry: none before 1970 or after 2100 (year 0000 is a 22008 below). */
export const DATE_BOUNDS = { min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) } as const;

function withinBounds(value: string): boolean {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= DATE_BOUNDS.min && time < DATE_BOUNDS.max;
}

/** An ISO 8601 date-time with an offset, between 1970 and 2100. */
export function isoDateTime() {
  return z.iso
    .datetime({ offset: true, local: false })
    .refine(withinBounds, { message: 'must be a date between 1970 and 2100' });
}
