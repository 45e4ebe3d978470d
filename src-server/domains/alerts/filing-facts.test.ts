import { describe, expect, it } from 'vitest';
import { type FilingFields, filingFacts } from './delivery.repo';

const row = (company_name: string | null): FilingFields => ({
  filing_id: 1,
  ticker: 'LTHM',
  company_name,
  form_type: 'SC 13G',
  importance: 'MEDIUM',
  reasons: [],
  one_liner: 'ICS Opportunities, Ltd. no longer owns more than 5% of Livent Corporation (now 0%)',
  summary: null,
  link: null,
  filed_at: new Date('2024-02-14T16:00:00Z'),
  accepted_at: null,
  detected_at: null,
  detected_via: null,
  items: null,
  details: null,
});

describe("an alert's company name", () => {
  it("reads EDGAR's capitals as the card names companies ('LTHM (Livent Corp.) filed a Schedule 13G', was LIVENT CORP)", () => {
    expect(filingFacts(row('LIVENT CORP')).companyName).toBe('Livent Corp.');
    expect(filingFacts(row('WALT DISNEY CO/')).companyName).toBe('Walt Disney Co.');
  });

  it('keeps a name written in mixed case, and none when the feed gave none', () => {
    expect(filingFacts(row('Tesla, Inc.')).companyName).toBe('Tesla, Inc.');
    expect(filingFacts(row(null)).companyName).toBeNull();
  });
});
