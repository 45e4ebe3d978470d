/** An alert (and the burst sent with it) as a webhook event (issue #31): the facts email and SMS use. */
import { isFiledDateUnknown } from '#shared/filed-date';
import type { WebhookEvent } from '../../integrations/webhook/formats';
import type { FilingFacts } from './alert-messages';
import { tickerPageUrl } from './alert-messages';

export function webhookEventOf(
  facts: FilingFacts[],
  params: { key: string; brand: string; publicUrl: string },
): WebhookEvent {
  return {
    id: params.key,
    type: 'filing.alert',
    brand: params.brand,
    filings: facts.map((f) => ({
      filingId: f.filingId,
      ticker: f.ticker,
      companyName: f.companyName,
      form: f.formType,
      importance: f.importance,
      oneLiner: f.oneLiner,
      reasons: f.reasons,
      secUrl: f.link,
      pageUrl: f.ticker ? tickerPageUrl(params.publicUrl, f.ticker) : null,
      filedAt: f.filedAt.toISOString(),
      filedDateUnknown: isFiledDateUnknown(f.details),
      acceptedAt: f.acceptedAt ? f.acceptedAt.toISOString() : null,
      reportChange: f.reportChange ?? null,
    })),
  };
}
