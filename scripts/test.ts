// npm test: type-check, unit + integration tests on real PostgreSQL, build, browser tests in
// the system Chromium. Each step stops the run on failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadTestEnv } from '../src-server/config/test-env';

const root = resolve(import.meta.dirname, '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
const chromium = loadTestEnv().CHROMIUM_PATH;

function step(title: string, args: string[]) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('\n▶ installing Chromium from the distribution (apt-get install chromium)');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
    stdio: 'inherit',
  });
}

step('type-check (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);
step('import rules (no cycles; web imports shared code and router types only)', ['--import', 'tsx', join(root, 'scripts/check-imports.ts')]);
// Two forks on two cores: each test file has its own cloned database, so files do not share state.
step('unit + integration tests (vitest)', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'server', '--project', 'web', '--maxWorkers=2']);
step('build the web app (vite)', [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn']);
step('dashboard bundle size (gzip, budget 200 KB)', [join(root, 'scripts/check-bundle.mjs')]);
ensureChromium();
step('browser tests (Chromium)', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'e2e']);
console.log('\nAll tests passed.');
