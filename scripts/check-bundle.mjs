// Prints the JavaScript (and CSS) the dashboard loads on first paint, gzipped, from the Vite
// manifest: the entry chunk, the dashboard page chunk and every chunk they import statically.
// Fails when the JavaScript exceeds the budget (200 KB gzip) so a heavy import cannot slip in.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.argv[2] ?? 'dist/web');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const dashboardKey = Object.keys(manifest).find((key) => key.endsWith('pages/dashboard/DashboardPage.tsx'));
if (!entryKey || !dashboardKey) {
  console.error('check-bundle: the manifest has no entry or no dashboard page chunk');
  process.exit(1);
}

const js = new Set();
const css = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKey);
collect(dashboardKey);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [...js].map((file) => ({ file, bytes: gz(file) })).sort((a, b) => b.bytes - a.bytes);
const jsTotal = rows.reduce((sum, row) => sum + row.bytes, 0);
const cssTotal = [...css].reduce((sum, file) => sum + gz(file), 0);
const lazyChunks = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry && !js.has(chunk.file)).length;

for (const row of rows) console.log(`  ${kb(row.bytes).padStart(7)} KB  ${row.file}`);
console.log(
  `bundle:dashboard initial_js_gzip_kb=${kb(jsTotal)} css_gzip_kb=${kb(cssTotal)} chunks=${rows.length} lazy_pages=${lazyChunks} budget_kb=${BUDGET_KB}`,
);
if (jsTotal > BUDGET_KB * 1024) {
  console.error(`✖ the dashboard's initial JavaScript is ${kb(jsTotal)} KB gzip, over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
