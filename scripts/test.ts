// npm test: lint and format check, then the web build beside the unit + integration tests on real
// PostgreSQL, then browser tests in the system Chromium with the type-check, the import rules, the
// scale-out run and the benches beside them. Any failing step fails the run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadTestEnv } from '../src-server/config/test-env';

const root = resolve(import.meta.dirname, '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
const testEnv = loadTestEnv();
// The headless shell runs the browser tests; the full browser runs the web push test (decision 364).
const browsers = [testEnv.CHROMIUM_HEADLESS_SHELL_PATH, testEnv.CHROMIUM_PATH];
const BROWSER_PACKAGES = 'chromium chromium-headless-shell';
const seconds = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

async function step(title: string, args: string[]) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  const code = await new Promise<number | null>((done) => child.on('close', done));
  if (code !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(code ?? 1);
  }
  console.log(`✔ ${title} (${seconds(started)})`);
}

/**
 * A step that runs beside the next foreground one, its output held back and printed whole when
 * it ends, so the two logs do not interleave line by line.
 */
function besideNext(title: string, args: string[]): Promise<() => void> {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  // A failing foreground step ends the run: the checks beside it end with it.
  process.on('exit', () => child.kill());
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((done) => {
    child.on('close', (code) => {
      const took = seconds(started);
      done(() => {
        console.log(`\n▶ ${title} (ran beside the previous step)`);
        process.stdout.write(Buffer.concat(output));
        if (code !== 0) {
          console.error(`✖ ${title} failed`);
          process.exit(code ?? 1);
        }
        console.log(`✔ ${title} (${took})`);
      });
    });
  });
}

function ensureChromium() {
  const missing = browsers.filter((path) => !existsSync(path));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${missing.join(' and ')}. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${BROWSER_PACKAGES}`,
    );
    process.exit(1);
  }
  console.log(`\n▶ installing Chromium from the distribution (apt-get install ${BROWSER_PACKAGES})`);
  execFileSync(
    'sh',
    ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${BROWSER_PACKAGES}`],
    { stdio: 'inherit' },
  );
}

// First and cheapest (about 7 s of CPU): a formatting slip or a lint finding fails in seconds,
// before minutes of tests (decision 300).
await step('lint and format (biome check)', [
  bin('@biomejs/biome', 'bin/biome'),
  'check',
  '--error-on-warnings',
  '--max-diagnostics=50',
  '.',
]);
// The web build runs beside the unit tests (the browser tests and the bundle check need it).
const build = besideNext('build the web app (vite)', [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn']);
// Two forks on two cores: each test file has its own cloned database, so files do not share state.
await step('unit + integration tests (vitest)', [
  bin('vitest', 'vitest.mjs'),
  'run',
  '--project',
  'server',
  '--project',
  'web',
  '--project',
  'web-mocks',
  '--maxWorkers=2',
]);
(await build)();
await step('dashboard bundle size (gzip, budget 200 KB)', [join(root, 'scripts/check-bundle.mjs')]);
ensureChromium();
// Beside the browser tests, which leave about half of the two cores idle (decision 365: 495 s of
// CPU with the slow project over a 474 s step): the type-check (one process, about 80 s of CPU)
// and the import rules, moved here from beside the unit tests, which kept both cores 86% busy ...
const checks = [
  besideNext('type-check (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']),
  besideNext('import rules (no cycles; web imports shared code and router types only)', [
    '--import',
    'tsx',
    join(root, 'scripts/check-imports.ts'),
  ]),
];
// ... and the scale-out run (2 web processes and 2 workers killed and cut off from the database)
// and every bench at its smoke size: minutes of child processes mostly waiting on timers and
// failovers (issue 27).
const slow = besideNext('scale-out run and every bench at smoke size', [
  bin('vitest', 'vitest.mjs'),
  'run',
  '--project',
  'slow',
]);
// Two files at a time: a browser test mostly waits on the page and the pipeline (about half a core
// each), so two at once take about 70% of the time of one after the other.
await step('browser tests (Chromium)', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'e2e', '--maxWorkers=2']);
(await slow)();
for (const report of await Promise.all(checks)) report();
console.log('\nAll tests passed.');
