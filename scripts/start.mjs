// npm start: build the web app when its output is missing or older than its sources, then run
// the server in this same process (one PID owns it, so Ctrl-C stops everything cleanly).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesNewest = Math.max(
  newestMtime(join(root, 'src-web')),
  newestMtime(join(root, 'src-server/core')),
  statSync(join(root, 'index.html')).mtimeMs,
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesNewest) {
  console.log('building the web app (vite build)...');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

register();
await import('../src-server/main.ts');
