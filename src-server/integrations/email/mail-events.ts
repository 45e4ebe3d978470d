/**
 * The relay's message log, in Mailgun's events API format: asks whether the relay accepted a
 * message with a given Message-ID. SMTP itself cannot say whether a message whose 250 reply was
 * lost to a crash went through; this is how such a send is reconciled instead of repeated.
 */
import { ConfigError, type Env } from '../../config/env';

export interface MailEvents {
  /** True when the relay logged the message as accepted; throws when the log cannot be read. */
  accepted(messageId: string): Promise<boolean>;
}

interface EventsPage {
  items?: { event?: string; message?: { headers?: Record<string, string> } }[];
}

const bare = (messageId: string) => messageId.trim().replace(/^<|>$/g, '');

export function mailEventsClient(options: { url: string; apiKey: string }): MailEvents {
  const authorization = `Basic ${Buffer.from(`api:${options.apiKey}`).toString('base64')}`;
  return {
    async accepted(messageId) {
      const url = new URL(options.url);
      url.searchParams.set('message-id', bare(messageId));
      url.searchParams.set('event', 'accepted');
      url.searchParams.set('limit', '10');
      const response = await fetch(url, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`mail events API answered ${response.status}`);
      const page = (await response.json()) as EventsPage;
      return (page.items ?? []).some(
        (item) => item.event === 'accepted' && bare(item.message?.headers?.['message-id'] ?? '') === bare(messageId),
      );
    },
  };
}

/** The events API configured by MAIL_EVENTS_URL + MAIL_EVENTS_API_KEY, or null. */
export function mailEventsFromEnv(env: Pick<Env, 'MAIL_EVENTS_URL' | 'MAIL_EVENTS_API_KEY'>): MailEvents | null {
  const { MAIL_EVENTS_URL: url, MAIL_EVENTS_API_KEY: apiKey } = env;
  if (!url && !apiKey) return null;
  if (!url || !apiKey)
    throw new ConfigError(
      'Invalid environment configuration:\n  MAIL_EVENTS_URL and MAIL_EVENTS_API_KEY: set both or neither',
    );
  return mailEventsClient({ url, apiKey });
}
