// npm start (and npm run worker / db:migrate through it): in production the code compiled by
// `npm run build` (dist/server), plain node; otherwise the TypeScript sources through tsx, after
// building the web app when its output is missing or older than its sources. Either way the
// server runs in this same process (one PID owns it, so Ctrl-C and SIGTERM reach it directly).
// First: mends postgres.js before anything loads it (a dropped connection crashed the process, decision 270).
import './postgres-patch.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const ENTRIES = {
  server: { source: 'src-server/main.ts', compiled: 'dist/server/main.js' },
  worker: { source: 'scripts/worker.ts', compiled: 'dist/server/worker.js' },
  migrate: { source: 'scripts/db-migrate.ts', compiled: 'dist/server/db-migrate.js' },
};
const name = process.argv[2] ?? 'server';
const entry = ENTRIES[name];
if (!entry) {
  console.error(`unknown entry '${name}' (one of ${Object.keys(ENTRIES).join(', ')})`);
  process.exit(2);
}

if (process.env.NODE_ENV === 'production') {
  const compiled = join(root, entry.compiled);
  if (!existsSync(compiled) || (name === 'server' && !existsSync(join(root, 'dist/web/index.html')))) {
    console.error(
      `NODE_ENV=production runs the compiled app: run \`npm run build\` first (${entry.compiled} or dist/web is missing).`,
    );
    process.exit(1);
  }
  await import(pathToFileURL(compiled).href);
} else {
  if (name === 'server') buildWebIfStale();
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, entry.source)).href);
}

function newestMtime(dir) {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildWebIfStale() {
  const builtIndex = join(root, 'dist/web/index.html');
  const sourcesNewest = Math.max(
    newestMtime(join(root, 'src-web')),
    newestMtime(join(root, 'src-shared')),
    statSync(join(root, 'index.html')).mtimeMs,
  );
  if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesNewest) {
    console.log('building the web app (vite build)...');
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}
