import { sql } from 'drizzle-orm';
import type { MailMessage } from '#server/integrations/email/mailer';
import { alertEmail } from '#server/domains/alerts/alert-messages';
import { FILING_FIELDS, type FilingFields, filingFacts } from '#server/domains/alerts/delivery.repo';
import { messageContext } from '#server/domains/alerts/message-context';
import type { BrowserHarness } from './harness';

/**
 * The real-time alert email the send path builds for a stored filing and a reader (8-K Alerts brand, New York time,
 * email at every level), shown as a mail client's 700 px reading pane would show it, with a screenshot.
 */
export async function alertEmailShot(
  harness: BrowserHarness,
  { filingId, user, shot }: { filingId: number; user: { id: string; email: string | null }; shot: string },
): Promise<MailMessage> {
  const [row] = await harness.database.db.execute<FilingFields>(
    sql`select ${FILING_FIELDS} from filings f where f.id = ${filingId}`,
  );
  const ctx = await messageContext(harness.deps, {
    userId: user.id,
    brand: '8k',
    timeZone: 'America/New_York',
    channel: 'email',
  });
  const mail = await alertEmail(user.email!, filingFacts(row!), ctx, {
    routing: { route: 'realtime_email', settings: { emailMinRank: 1, smsMinRank: 4 } },
  });
  const page = await harness.newPage({ width: 700, height: 900 });
  await page.setContent(mail.html!);
  await harness.screenshot(page, shot);
  await page.close();
  return mail;
}
