/**
 * npm run tickers:refresh — downloads SEC's current company_tickers.json with the declared
 * EDGAR_USER_AGENT and upserts it into the ticker catalogue (DATABASE_URL or the embedded database).
 * Running servers pick the new catalogue up within 30 seconds.
 */
import { isAppError } from '#shared/app-error';
import { loadEnv } from '../src-server/config/env';
import { openDatabase } from '../src-server/db/open';
import { companyTickersUrl } from '../src-server/domains/tickers/catalogue-file';
import { isDeclaredUserAgent, refreshCatalogueFromSec } from '../src-server/domains/tickers/catalogue.service';

const env = loadEnv();
if (!isDeclaredUserAgent(env.EDGAR_USER_AGENT)) {
  console.error(
    'tickers:refresh needs EDGAR_USER_AGENT="Company Name contact@domain" (SEC refuses undeclared clients).',
  );
  process.exit(2);
}
const url = companyTickersUrl(env.EDGAR_BASE_URL);
const database = await openDatabase(env, () => {}, { shareRunning: true });
try {
  console.log(`tickers:refresh downloading ${url} and replacing the catalogue...`);
  const started = Date.now();
  const result = await refreshCatalogueFromSec(database.db, { url, userAgent: env.EDGAR_USER_AGENT });
  console.log(`tickers:refresh done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `tickers:refresh ${result.entries} tickers from ${url} (as of ${result.asOf.toISOString()}): ` +
      `${result.changed} new or changed, ${result.deactivated} no longer listed`,
  );
} catch (error) {
  console.error(`tickers:refresh failed: ${isAppError(error) ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.shutdown();
}
