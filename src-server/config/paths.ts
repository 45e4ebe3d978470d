import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this module holding package.json. Data shipped
 * in the repository (migrations, the ticker file, price files, recorded filings) is found from
 * here, so the same code works from src-server/ (tsx) and bundled into dist/server/ (esbuild).
 */
function findRoot(from: string): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(fileURLToPath(import.meta.url));

export const projectPath = (...segments: string[]) => join(PROJECT_ROOT, ...segments);
