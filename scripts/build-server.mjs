// npm run build (after vite build): the server, the worker and the migration command compiled by
// esbuild into dist/server (one ESM file each, node_modules left as imports), so production runs
// plain node without compiling TypeScript at start.
import { rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

/**
 * Development-only modules (the local Stripe stand-in and its test checkout pages) stay out of the
 * production build: each import of one becomes a module that refuses to load, so production can
 * never run them and dist/server does not contain them (checked by scripts/start.e2e.ts).
 */
export const DEV_ONLY = /(^|\/)(integrations\/stripe\/local\/|domains\/billing\/dev-checkout\.routes)/;
const devOnly = {
  name: 'development-only',
  setup(b) {
    b.onResolve({ filter: /./ }, (args) => {
      const target = args.path.startsWith('.') ? join(args.resolveDir, args.path) : args.path;
      return DEV_ONLY.test(target) ? { path: target, namespace: 'development-only' } : undefined;
    });
    b.onLoad({ filter: /./, namespace: 'development-only' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${relative(root, args.path)} is development-only and not in the production build (set STRIPE_SECRET_KEY)`)});`,
      loader: 'js',
    }));
  },
};
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
  plugins: [devOnly],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `built dist/server (${Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length} files, ${(bytes / 1024).toFixed(0)} KB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
