import type { FastifyBaseLogger } from 'fastify';
import { DeliveryError } from '../delivery-error';
import type { SmsSender } from './sms-sender';

const HOUR = 60 * 60;
/** The rate_limit_hits bucket every text counts in, whoever it is for. */
export const SMS_BUDGET_BUCKET = 'smsHourly';

type Take = (params: {
  bucket: string;
  limit: number;
  windowSeconds: number;
  wanted: number;
}) => Promise<{ granted: number; retryAfterSeconds: number }>;

type Waiter = { resolve: (retryAfterSeconds: number | null) => void; reject: (error: unknown) => void };

/**
 * Texts asking for the budget while a take is under way wait for the next one and go in it
 * together: a burst's concurrent senders cost one transaction (and one wait on the cluster's
 * lock) per round, not one each, and hold one database connection, not one each (decision 346).
 * Resolves null when the text may go, else the seconds until the budget has room.
 */
function takeTogether(take: Take, perHour: number): () => Promise<number | null> {
  let waiting: Waiter[] = [];
  let taking = false;
  const round = async () => {
    taking = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const { granted, retryAfterSeconds } = await take({
          bucket: SMS_BUDGET_BUCKET,
          limit: perHour,
          windowSeconds: HOUR,
          wanted: batch.length,
        });
        for (const [i, w] of batch.entries()) w.resolve(i < granted ? null : retryAfterSeconds);
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    taking = false;
  };
  return () =>
    new Promise<number | null>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!taking) void round();
    });
}

/**
 * A ceiling on texts sent by every process together per rolling hour. Per-user and per-number
 * budgets stop one person; this stops toll fraud spread over many accounts and numbers from
 * running up an unbounded bill. Past it a send fails as a temporary DeliveryError (alerts retry
 * later, sign-in says it could not send) and a warning names the budget, never the number.
 */
export function budgetedSms(
  inner: SmsSender,
  options: {
    /** Counts up to `wanted` texts in the shared bucket (SMS_BUDGET_BUCKET), as many as `limit` leaves this hour. */
    take: Take;
    perHour: number;
    logger: () => FastifyBaseLogger;
  },
): SmsSender & { readonly inner: SmsSender } {
  const takeOne = takeTogether(options.take, options.perHour);
  return {
    inner,
    kind: inner.kind,
    async send(message) {
      const retryAfterSeconds = await takeOne();
      if (retryAfterSeconds !== null) {
        options
          .logger()
          .warn(
            { budget: 'SMS_HOURLY_BUDGET', limit: options.perHour, retryAfterSeconds },
            `SMS_HOURLY_BUDGET of ${options.perHour} texts per hour is spent: text not sent`,
          );
        throw new DeliveryError('SMS hourly budget spent', { permanent: false });
      }
      return inner.send(message);
    },
  };
}
