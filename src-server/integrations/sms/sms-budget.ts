import type { FastifyBaseLogger } from 'fastify';
import { DeliveryError } from '../delivery-error';
import type { SmsSender } from './sms-sender';

const HOUR = 60 * 60;
/** The rate_limit_hits bucket every text counts in, whoever it is for. */
export const SMS_BUDGET_BUCKET = 'smsHourly';

/**
 * A ceiling on texts sent by every process together per rolling hour. Per-user and per-number
 * budgets stop one person; this stops toll fraud spread over many accounts and numbers from
 * running up an unbounded bill. Past it a send fails as a temporary DeliveryError (alerts retry
 * later, sign-in says it could not send) and a warning names the budget, never the number.
 */
export function budgetedSms(
  inner: SmsSender,
  options: {
    /** Counts one text in the shared bucket (SMS_BUDGET_BUCKET) unless `limit` were already sent this hour. */
    take: (params: {
      bucket: string;
      limit: number;
      windowSeconds: number;
    }) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
    perHour: number;
    logger: () => FastifyBaseLogger;
  },
): SmsSender & { readonly inner: SmsSender } {
  return {
    inner,
    kind: inner.kind,
    async send(message) {
      const hit = await options.take({ bucket: SMS_BUDGET_BUCKET, limit: options.perHour, windowSeconds: HOUR });
      if (!hit.allowed) {
        options
          .logger()
          .warn(
            { budget: 'SMS_HOURLY_BUDGET', limit: options.perHour, retryAfterSeconds: hit.retryAfterSeconds },
            `SMS_HOURLY_BUDGET of ${options.perHour} texts per hour is spent: text not sent`,
          );
        throw new DeliveryError('SMS hourly budget spent', { permanent: false });
      }
      return inner.send(message);
    },
  };
}
