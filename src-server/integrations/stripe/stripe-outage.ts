import { AppError } from '#shared/app-error';

const OUTAGE_TYPES = new Set(['StripeConnectionError', 'StripeRateLimitError']);

/**
 * Safety net of the error mapper: Stripe unreachable, rate-limiting us or failing on its side
 * (after the SDK's own retries) is a 503 with a message the page shows, never a bare 500. Matched
 * on the SDK error's `type`, also when wrapped as a cause.
 */
export function fromStripeOutage(error: unknown): AppError | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const { type, statusCode } = e as { type?: unknown; statusCode?: unknown };
    const serverSide = type === 'StripeAPIError' && (typeof statusCode !== 'number' || statusCode >= 500);
    if ((typeof type === 'string' && OUTAGE_TYPES.has(type)) || serverSide) {
      return new AppError(
        'UNAVAILABLE',
        'Payments are unavailable right now: our payment provider cannot be reached. Nothing was charged; please try again in a few minutes.',
        { reason: 'payments_unavailable', cause: error },
      );
    }
  }
  return undefined;
}
