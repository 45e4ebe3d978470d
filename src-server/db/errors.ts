import { AppError } from '#shared/app-error';
import { sleepReal } from '../clock';

/** The SQLSTATE of a PostgreSQL error, also when drizzle wrapped it (DrizzleQueryError.cause). */
export function sqlState(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Safety net of both error mappers: a value the database refuses as data (class 22: NUL in
 * text, a date out of range, a number too large...) is the caller's input, so a 400, not a 500.
 * The schemas should have refused it first; this keeps a missed case from becoming a 5xx.
 */
export function fromDataException(error: unknown): AppError | undefined {
  const state = sqlState(error);
  if (!state?.startsWith('22')) return undefined;
  return new AppError(
    'BAD_REQUEST',
    'The request contains a value that cannot be stored (check text, dates and numbers).',
    {
      reason: 'invalid_value',
      cause: error,
    },
  );
}

/** Fields of a PostgreSQL error that never carry row values (detail, where and parameters can). */
const SAFE_PG_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema_name',
  'table_name',
  'column_name',
  'constraint_name',
] as const;

/**
 * A database error as it may be logged: the query text without its parameters (emails, phones,
 * token digests) and the server's code and object names. The message is kept only for classes
 * that do not quote values (22 data exceptions and 23 constraint violations do).
 */
export function loggableDatabaseError(
  error: unknown,
): { type: string; message: string; stack: string; [key: string]: unknown } | undefined {
  const state = sqlState(error);
  const wrapped = error as { query?: unknown; params?: unknown; cause?: unknown; message?: unknown; name?: unknown };
  const isDrizzle = typeof wrapped?.query === 'string' && 'params' in (wrapped as object);
  if (!state && !isDrizzle) return undefined;
  const pg = (isDrizzle ? wrapped.cause : error) as Record<string, unknown> | undefined;
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: 'DatabaseError',
    message: '',
    stack: '',
  };
  if (isDrizzle) out.query = wrapped.query;
  for (const field of SAFE_PG_FIELDS) if (pg && typeof pg[field] === 'string') out[field] = pg[field];
  const quotesValues = state?.startsWith('22') || state?.startsWith('23');
  const message = pg && typeof pg.message === 'string' ? pg.message : undefined;
  out.message = quotesValues || !message ? `database error ${state ?? ''}`.trim() : message;
  const stack = (error as { stack?: unknown }).stack;
  // The first lines repeat the message (drizzle's holds the parameters): keep only the frames.
  if (typeof stack === 'string')
    out.stack = stack
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n');
  return out;
}

/**
 * Runs `work` (a whole transaction) again when PostgreSQL ended it as a deadlock victim (40P01):
 * the other transaction has gone through by then, and the work holds nothing across attempts.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || sqlState(error) !== '40P01') throw error;
      await sleepReal(20 * attempt + Math.random() * 30);
    }
  }
}
