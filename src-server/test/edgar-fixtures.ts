import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { projectPath } from '../config/paths';

/** Real EDGAR documents: the replay set (integrations/edgar/replay-data) and test-only extras. */
const DIRS = [
  fileURLToPath(new URL('../integrations/edgar/replay-data/filings', import.meta.url)),
  fileURLToPath(new URL('./fixtures/edgar', import.meta.url)),
];

export function edgarFixturePath(name: string): string {
  const found = DIRS.map((d) => join(d, name)).find((p) => existsSync(p));
  if (!found) throw new Error(`no EDGAR fixture named ${name}`);
  return found;
}

export function edgarFixture(name: string): string {
  return readFileSync(edgarFixturePath(name), 'utf8');
}

/** A document by its path in the repository (eval/importance/filings, the corpus), gunzipped when stored compressed. */
export function repoDocument(path: string): string {
  const bytes = readFileSync(projectPath(path));
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
