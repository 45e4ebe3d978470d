import { BRANDS, type BrandId } from '#shared/brands';
import { escapeHtml } from '#shared/html';
import type { MailMessage } from '../../integrations/email/mailer';

/** Texts of the emails and SMS that the auth and contacts domains send. */

/** A plain email with one button; text and HTML say the same thing. */
export function linkEmail(params: {
  to: string;
  subject: string;
  lines: string[];
  button: string;
  link: string;
  footer: string;
}): MailMessage {
  const text = [...params.lines, '', `${params.button}: ${params.link}`, '', params.footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
${params.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(params.link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(params.button)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser: ${escapeHtml(params.link)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(params.footer)}</p>
</body></html>`;
  return { to: params.to, subject: params.subject, text, html };
}

const IGNORE = "If you didn't ask for this, ignore this email: nothing happens without a click.";

export function loginLinkEmail(params: { to: string; brand: BrandId; link: string; minutes: number }): MailMessage {
  const name = BRANDS[params.brand].brandName;
  return linkEmail({
    to: params.to,
    subject: `Your ${name} sign-in link`,
    lines: [
      `Click the button below to sign in to ${name}.`,
      `The link works once and expires in ${params.minutes} minutes.`,
    ],
    button: `Sign in to ${name}`,
    link: params.link,
    footer: IGNORE,
  });
}

export function loginCodeSms(params: { brand: BrandId; code: string; minutes: number }): string {
  return `${params.code} is your ${BRANDS[params.brand].brandName} sign-in code. It expires in ${params.minutes} minutes. Never share it.`;
}

export function verifyEmailEmail(params: { to: string; brand: BrandId; link: string; hours: number }): MailMessage {
  const name = BRANDS[params.brand].brandName;
  return linkEmail({
    to: params.to,
    subject: `Confirm your email for ${name}`,
    lines: [
      `Confirm this address to start receiving ${name} filing alerts here.`,
      `The link works once and expires in ${params.hours} hours.`,
    ],
    button: 'Confirm my email',
    link: params.link,
    footer: IGNORE,
  });
}

/** Sent instead of a verification when the address already belongs to another account. */
export function existingAccountEmail(params: {
  to: string;
  brand: BrandId;
  link: string;
  minutes: number;
}): MailMessage {
  const name = BRANDS[params.brand].brandName;
  return linkEmail({
    to: params.to,
    subject: `You already have a ${name} account`,
    lines: [
      `This email address already belongs to a ${name} account.`,
      `Sign in with the button below (valid ${params.minutes} minutes); tickers you added before signing in are moved into that account.`,
    ],
    button: `Sign in to ${name}`,
    link: params.link,
    footer: IGNORE,
  });
}
