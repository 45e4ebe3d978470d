/**
 * npm run prices:load [-- <folder>] — loads daily price files into price_bars (DATABASE_URL or the
 * embedded database): the shipped set by default, or a folder with the same layout (manifest.json
 * mapping tickers to sub-folders and their adjustment, one CSV per ticker). Servers load the
 * shipped set at start on their own; this is for loading without one, or another set.
 */
import { resolve } from 'node:path';
import { loadEnv } from '../src-server/config/env';
import { openDatabase } from '../src-server/db/open';
import { loadShippedHistory, SHIPPED_PRICES_DIR } from '../src-server/domains/prices/shipped-history';

const dir = process.argv[2] ? resolve(process.argv[2]) : SHIPPED_PRICES_DIR;
const database = await openDatabase(loadEnv(), () => {}, { shareRunning: true });
try {
  console.log(`prices:load reading ${dir}`);
  const report = await loadShippedHistory(database.db, {
    dir,
    onTicker: (l, { index, total }) =>
      console.log(
        `[${String(index).padStart(String(total).length)}/${total}] ${l.ticker.padEnd(6)} ${String(l.bars).padStart(6)} bars from ${l.source}`,
      ),
  });
  console.log(
    `prices:load ${report.loaded.length} loaded, ${report.unchanged.length} unchanged, ${report.kept.length} kept (history from the quote provider) from ${dir}`,
  );
} catch (error) {
  console.error(`prices:load failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.shutdown();
}
