import type { z } from 'zod';
import { AppError } from '#shared/app-error';
import { zodMessage } from './errors';

/** Parses a body/query with a zod schema; a mismatch is a 400 with the schema's messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new AppError('BAD_REQUEST', zodMessage(result.error));
  return result.data;
}
