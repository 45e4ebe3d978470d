/**
 * Twilio's Messages list (GET .../Messages.json?To=): Twilio takes no idempotency key, so a text
 * whose send was cut off by a crash is looked up here before it is sent again.
 */
import type { Env } from '../../config/env';

export interface SmsLog {
  /** SID of a message to `to`, created at or after `since`, whose body ends with `suffix`; else null. */
  find(params: { to: string; suffix: string; since: Date }): Promise<string | null>;
}

interface MessagePage {
  messages?: { sid: string; body?: string; date_created?: string }[];
  next_page_uri?: string | null;
}

const MAX_PAGES = 5;
/** Twilio's clock and ours may differ a little. */
const CLOCK_SKEW_MS = 5 * 60_000;

export function twilioMessageLog(options: { apiBase: string; accountSid: string; authToken: string }): SmsLog {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async find({ to, suffix, since }) {
      let next: string | null =
        `/2010-04-01/Accounts/${options.accountSid}/Messages.json?${new URLSearchParams({ To: to, PageSize: '50' })}`;
      for (let page = 0; next && page < MAX_PAGES; page += 1) {
        const response = await fetch(new URL(next, options.apiBase), {
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`Twilio message list answered ${response.status}`);
        const body = (await response.json()) as MessagePage;
        const messages = body.messages ?? [];
        const hit = messages.find((m) => (m.body ?? '').endsWith(suffix));
        if (hit) return hit.sid;
        // Newest first: once a page reaches back before the send, older pages cannot hold it.
        const oldest = messages.at(-1)?.date_created;
        if (!oldest || Date.parse(oldest) < since.getTime() - CLOCK_SKEW_MS) return null;
        next = body.next_page_uri ?? null;
      }
      return null;
    },
  };
}

/** The Twilio account's message list when Twilio is configured, else null (outbox or none). */
export function smsLogFromEnv(
  env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_API_BASE'>,
): SmsLog | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_API_BASE: apiBase } = env;
  return accountSid && authToken ? twilioMessageLog({ apiBase, accountSid, authToken }) : null;
}
