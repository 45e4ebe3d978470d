/** The comparable report on Apple's real filing list (its submissions JSON as the replay serves it). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../config/paths';
import { recentFilings, type SubmissionsJson } from '../../integrations/edgar/submissions';
import { pickComparable, type ReportListing } from './comparable';

const apple = JSON.parse(
  readFileSync(projectPath('src-server/integrations/edgar/replay-data/submissions/CIK0000320193.json'), 'utf8'),
) as SubmissionsJson;
const listings: ReportListing[] = recentFilings(apple, '2019-01-01').map((f) => ({
  accessionNo: f.accessionNo,
  formType: f.formType,
  reportDate: f.reportDate,
  filedDate: f.filedDate,
  primaryDocument: f.primaryDocument,
}));

describe('the comparable report', () => {
  it('a 10-Q compares with the same quarter a year earlier, not the quarter before or the 10-K', () => {
    // Q3 FY2023 (period 2023-07-01): the quarter before is Q2 (2023-04-01), the 10-K ended 2022-09-24.
    const q3 = pickComparable('10-Q', '2023-07-01', listings, '0000320193-23-000077');
    expect(q3).toMatchObject({ accessionNo: '0000320193-22-000070', reportDate: '2022-06-25' });
    // Q1 FY2023 (2022-12-31) compares with Q1 FY2022 (2021-12-25).
    expect(pickComparable('10-Q', '2022-12-31', listings)?.accessionNo).toBe('0000320193-22-000007');
  });

  it('a 10-K compares with the previous 10-K', () => {
    expect(pickComparable('10-K', '2022-09-24', listings)?.accessionNo).toBe('0000320193-21-000105');
  });

  it('nothing a year earlier, nothing to compare (a 10-K is never compared with a 10-Q)', () => {
    expect(pickComparable('10-K', '2019-03-30', listings)).toBeNull();
    expect(pickComparable('10-Q', '2030-01-01', listings)).toBeNull();
  });
});
