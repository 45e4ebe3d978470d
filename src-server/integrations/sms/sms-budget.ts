import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { hitIfUnder } from '../../domains/auth/rate-limit.repo';
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
export function budgetedSms(inner: SmsSender, options: { db: Db; perHour: number; logger: () => FastifyBaseLogger }): SmsSender {
  return {
    kind: inner.kind,
    async send(message) {
      const hit = await hitIfUnder(options.db, { bucket: SMS_BUDGET_BUCKET, key: 'all', limit: options.perHour, windowSeconds: HOUR });
      if (!hit.allowed) {
        options.logger().warn(
          { budget: 'SMS_HOURLY_BUDGET', limit: options.perHour, retryAfterSeconds: hit.retryAfterSeconds },
          `SMS_HOURLY_BUDGET of ${options.perHour} texts per hour is spent: text not sent`,
        );
        throw new DeliveryError('SMS hourly budget spent', { permanent: false });
      }
      return inner.send(message);
    },
  };
}
