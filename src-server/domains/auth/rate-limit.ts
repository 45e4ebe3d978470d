import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import { hitIfUnder } from './rate-limit.repo';

interface Budget {
  limit: number;
  windowSeconds: number;
  /** What the person is told; {minutes} is filled in. */
  message: string;
}

const HOUR = 60 * 60;

/** Every budget in one table, so limits are reviewed together. */
export const BUDGETS = {
  /** Codes or links sent to one email/phone. */
  loginSendPerIdentifier: {
    limit: 5,
    windowSeconds: HOUR,
    message: 'Too many sign-in codes were requested for this email or phone. Please wait {minutes} and try again.',
  },
  /** Roomy enough for an office behind one NAT; stops one client spraying codes at many numbers. */
  loginSendPerIp: {
    limit: 30,
    windowSeconds: HOUR,
    message: 'Too many sign-in requests from your network. Please wait {minutes} and try again.',
  },
  loginVerifyPerIp: {
    limit: 30,
    windowSeconds: 15 * 60,
    message: 'Too many verification attempts from your network. Please wait {minutes} and try again.',
  },
  /** Verification emails/texts for contacts. */
  contactSendPerUser: {
    limit: 10,
    windowSeconds: HOUR,
    message: 'Too many verification messages were requested. Please wait {minutes} and try again.',
  },
  contactSendPerAddress: {
    limit: 5,
    windowSeconds: HOUR,
    message: 'Too many verification messages were sent to this contact. Please wait {minutes} and try again.',
  },
  /**
   * Anonymous users created per client address (a visitor's first write). An office behind one
   * NAT adds tickers as many people; a script minting users does not get far.
   */
  anonymousSessionPerIp: {
    limit: 60,
    windowSeconds: HOUR,
    message: 'Too many new visitors from your network. Please wait {minutes} and try again.',
  },
  /** Assistant questions per user, with or without a model (each one reads many filings). */
  assistantAskPerUser: {
    limit: 30,
    windowSeconds: 10 * 60,
    message: 'You have asked a lot of questions in the last few minutes. Please wait {minutes} and ask again.',
  },
  /** "Send test" per account (review 31): each is a POST to a user-chosen host, so not a scanner or an amplifier. */
  webhookTests: {
    limit: 10,
    windowSeconds: 10 * 60,
    message: 'You have sent many webhook tests in the last few minutes. Please wait {minutes} and try again.',
  },
  /** Requests by an account's personal API tokens together (issue #31, decision 315): a polling script, not a flood. */
  apiTokenRequests: {
    limit: 300,
    windowSeconds: 60,
    message: 'Your API tokens made too many requests. Please wait {minutes} and try again.',
  },
} satisfies Record<string, Budget>;

export type BudgetName = keyof typeof BUDGETS;
export const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(BUDGETS).map((b) => b.windowSeconds));

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Spends one unit of a budget or throws a 429 saying how long to wait. */
export async function spend(db: Db, params: { budget: BudgetName; key: string }): Promise<void> {
  const budget = BUDGETS[params.budget];
  const result = await hitIfUnder(db, {
    bucket: params.budget,
    key: params.key,
    limit: budget.limit,
    windowSeconds: budget.windowSeconds,
  });
  if (!result.allowed) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      budget.message.replace('{minutes}', () => minutesText(result.retryAfterSeconds)),
      {
        reason: 'rate_limited',
        details: { retryAfterSeconds: result.retryAfterSeconds },
      },
    );
  }
}
