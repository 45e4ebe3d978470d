// npm run build (after vite build): the server, the worker and the migration command compiled by
// esbuild into dist/server (one ESM file each, node_modules left as imports), so production runs
// plain node without compiling TypeScript at start.
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, 'dist/server');
rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src-server/main.ts',
    worker: 'scripts/worker.ts',
    'db-migrate': 'scripts/db-migrate.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`built dist/server (${Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length} files, ${(bytes / 1024).toFixed(0)} KB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
