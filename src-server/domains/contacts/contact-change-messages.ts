import { BRANDS, type BrandId } from '../../core/brands';
import { escapeHtml } from '../../core/html';
import type { MailMessage } from '../../integrations/email/mailer';
import { programName } from './contact-messages';

/**
 * What the account's existing verified contact is sent when someone adds another contact that
 * could sign in: a code that approves it, then a notice once it is added.
 */
function plainEmail(to: string, subject: string, lines: string[]): MailMessage {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text: lines.join('\n\n'), html };
}

const NOT_YOU = "If this wasn't you, don't share the code: nothing changes without it.";
const UNDO = "If this wasn't you, sign in with this contact and remove the new one under Settings.";

export const CONTACT_CHANGE = {
  codeEmail: (p: { to: string; brand: BrandId; code: string; adding: string; minutes: number }) =>
    plainEmail(p.to, `Approve a new contact for your ${BRANDS[p.brand].brandName} account`, [
      `${p.code} approves adding ${p.adding} as a sign-in contact to your ${BRANDS[p.brand].brandName} account.`,
      `Enter it where the new contact was added. It expires in ${p.minutes} minutes.`,
      NOT_YOU,
    ]),
  codeSms: (p: { brand: BrandId; code: string; adding: string; minutes: number }) =>
    `${programName(p.brand)}: ${p.code} approves adding ${p.adding} as a sign-in contact to your account. Expires in ${p.minutes} minutes. Not you? Don't share it. Reply STOP to opt out.`,
  addedEmail: (p: { to: string; brand: BrandId; added: string }) =>
    plainEmail(p.to, `A new sign-in contact was added to your ${BRANDS[p.brand].brandName} account`, [
      `A new sign-in contact was added to your ${BRANDS[p.brand].brandName} account: ${p.added}. It can sign in once it is verified.`,
      UNDO,
    ]),
  addedSms: (p: { brand: BrandId; added: string }) =>
    `${programName(p.brand)}: a new sign-in contact was added to your account: ${p.added}. Not you? Sign in, remove it under Settings. Reply STOP to opt out.`,
};
