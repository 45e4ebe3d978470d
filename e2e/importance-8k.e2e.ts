import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { storeParsedFiling } from '#server/domains/filings/filings.service';
import { parseFiling } from '#server/edgar-model/parse/index';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

// Issue #25 (the 8-K half): three real 8-Ks as a PRO reader sees them on the ticker page, card and
// rule-based analysis: a 5.02 that only extends employment agreements (1895 Bancorp, 2024), a CFO
// transition (FedEx, 2023: a new CFO named as the CFO retires), in dark mode. SanDisk's 2010 CEO exit
// and Horizon Financial's 2009 Nasdaq deficiency notice cannot have a ticker page (the page follows
// today's SEC list: SNDK is another company's, HRZB is gone); score/current.test.ts covers their
// headline, quote, reasons and What to watch. Sources: replay-data/SOURCES.md, eval/importance/SOURCES.md.
const harness = await startBrowserHarness();
const db = harness.database.db;

const FILINGS = [
  {
    ticker: 'BCOW',
    cik: 1847360,
    name: '1895 Bancorp of Wisconsin, Inc.',
    file: 'src-server/integrations/edgar/replay-data/filings/0000943374-24-000509_1895bancorp_5.02.txt',
    hints: {},
  },
  {
    ticker: 'FDX',
    cik: 1048911,
    name: 'FedEx Corporation',
    file: 'eval/importance/filings/8k/8k_1048911_8K_2023_0001193125-23-188128.htm',
    hints: { accessionNo: '0001193125-23-188128', cik: 1048911, companyName: 'FEDEX CORP', filedDate: '2023-07-17' },
  },
] as const;

async function seed() {
  for (const f of FILINGS) {
    await db.execute(
      sql`insert into tickers (ticker, cik, name) values (${f.ticker}, ${f.cik}, ${f.name})
          on conflict (ticker) do update set cik = excluded.cik, name = excluded.name`,
    );
    const parsed = parseFiling(readFileSync(f.file, 'utf8'), { formType: '8-K', ...f.hints });
    await storeParsedFiling(db, { parsed, meta: { source: 'replay' } });
  }
}

describe('8-K cards read by content', () => {
  it('pay-only 5.02 is LOW, a CFO transition HIGH: headline, quote and facts on the card, said once', async () => {
    await seed();
    const { user, session } = await createSignedInUser(db, {
      email: 'reader8k@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    const storage = { session, 'auth-user': JSON.stringify(toUserDto(user)) };
    const expectations = [
      {
        ticker: 'BCOW',
        level: 'LOW',
        title: /Employment agreements of David Ball and others extended/,
        why: /Compensation only: no director or officer joins or leaves/,
        shot: 'importance-8k-compensation-5.02',
        watch: false,
      },
      {
        ticker: 'FDX',
        level: 'HIGH',
        title: /John W\. Dietrich named CFO/,
        why: /A new CFO is appointed/,
        shot: 'importance-8k-cfo-transition',
        watch: false,
      },
    ];
    for (const [i, e] of expectations.entries()) {
      const page = await harness.newPage({ storage, width: 390, height: 1400 });
      if (i === 1) await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${harness.url}/ticker/${e.ticker}`);
      const card = page.locator('article[data-form="8-K"]').first();
      await card.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
        await harness.screenshot(page, `${e.shot}-failed`);
        throw error;
      });
      expect(await card.locator('.tp-filing__title').textContent()).toMatch(e.title);
      expect(await card.locator('.tp-reasons').textContent()).toMatch(new RegExp(`Why ${e.level}`));
      expect(await card.locator('.tp-reasons').textContent()).toMatch(e.why);
      // "What happened" is the filing's own words, marked as a quote with its item number.
      expect(await card.locator('.tp-quote figcaption').first().textContent()).toMatch(
        /^From the filing, Item \d\.\d\d$/,
      );
      // The rule-based analysis (PRO, no model) adds only what the card does not show: here the
      // same quote and reasons with nothing to watch, so no block, and the quote is on the card once.
      await expect.poll(() => card.getByText('Loading the analysis…').count(), { timeout: 30_000 }).toBe(0);
      expect(await card.getByText('The rule-based analysis could not be loaded.').count()).toBe(0);
      expect(await card.getByTestId('rule-analysis').count()).toBe(e.watch ? 1 : 0);
      expect(await card.locator('blockquote').count()).toBe(1);
      await card.scrollIntoViewIfNeeded();
      await harness.screenshot(page, e.shot);
      expect(await harness.seriousA11yViolations(page)).toEqual([]);
      await page.close();
    }
  }, 240_000);
});
