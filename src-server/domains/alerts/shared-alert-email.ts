/**
 * A popular filing's alert email rendered once, not once per watcher. Rendering (react-email) costs
 * milliseconds of CPU, and a filing matched to 80,000 watchers gives messages that differ only by
 * address and unsubscribe link where the reader's zone, brand, routing rule, edited copy and the
 * second it goes out are the same. So the message is rendered with a stand-in for the
 * unsubscribe token, kept (a small cache, per process), and each watcher's token is put in its
 * place: the bytes are those `alertEmail` renders for that watcher (shared-alert-email.test.ts).
 * The message names the render and the token (`sharedBody`), so the SMTP mailer can encode the
 * render's MIME body once too (integrations/email/shared-mime.ts).
 */
import type { MailMessage } from '../../integrations/email/mailer';
import { alertEmail, type AlertRouting, type FilingFacts, type MessageContext } from './alert-messages';

/** Stands in for the watcher's unsubscribe token while rendering; no message text can contain it. */
const TOKEN_STAND_IN = 'unsubscribe-token-5c1d9e7a3f';
const PATH = '/unsubscribe/';
/** Tokens are `<uuid>.<channel>.<base64url signature>`: nothing HTML or a header would escape. */
const PLAIN_TOKEN = /^[\w.-]+$/;
/** Renders kept: one per zone, brand, rule and second is what a burst uses. */
const KEEP = 256;
const rendered = new Map<string, Promise<MailMessage>>();

type Options = { routing: AlertRouting; burst?: FilingFacts[]; copy?: Record<string, string> | null; sentAt?: Date };

export async function sharedAlertEmail(
  to: string,
  head: FilingFacts,
  ctx: MessageContext,
  options: Options,
): Promise<MailMessage> {
  // The receipt line names the second the message goes out, never a fraction of it.
  const at = options.sentAt ?? new Date();
  const sentAt = new Date(at.getTime() - (at.getTime() % 1000));
  const cut = ctx.unsubscribeUrl.lastIndexOf(PATH);
  const token = cut < 0 ? '' : ctx.unsubscribeUrl.slice(cut + PATH.length);
  if (!PLAIN_TOKEN.test(token)) return alertEmail(to, head, ctx, { ...options, sentAt });
  const shared = { ...ctx, unsubscribeUrl: `${ctx.unsubscribeUrl.slice(0, cut)}${PATH}${TOKEN_STAND_IN}` };
  const key = JSON.stringify([head, shared, options.routing, options.burst ?? [], options.copy ?? null, sentAt]);
  let message = rendered.get(key);
  if (!message) {
    message = alertEmail('', head, shared, { ...options, sentAt });
    rendered.set(key, message);
    message.catch(() => rendered.delete(key));
    if (rendered.size > KEEP) rendered.delete(rendered.keys().next().value!);
  }
  const m = await message;
  const fill = (s: string) => s.replaceAll(TOKEN_STAND_IN, token);
  return {
    to,
    subject: fill(m.subject),
    text: fill(m.text),
    html: m.html === undefined ? undefined : fill(m.html),
    headers: m.headers && Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, fill(v)])),
    // The SMTP mailer builds the render's MIME body once and puts each token into it (decision 331).
    sharedBody: { template: m, standIn: TOKEN_STAND_IN, value: token },
  };
}
