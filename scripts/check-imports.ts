// npm test's import rules (scripts/import-rules.ts): the web imports only shared code and router
// types, shared code only shared code, integrations never import domains, no import cycles.
// Exits 1 with one line per breach.
import { resolve } from 'node:path';
import { checkImports } from './import-rules';

const root = resolve(import.meta.dirname, '..');
const { files, edges, violations } = checkImports(root, ['src-shared', 'src-server', 'src-web', 'scripts', 'e2e'], {
  web: 'src-web',
  shared: 'src-shared',
  integrations: 'src-server/integrations',
  domains: 'src-server/domains',
  routerTypes: 'src-server/transport/trpc/app-router.ts',
  parse: 'src-server/edgar-model/parse',
  score: 'src-server/edgar-model/score',
});
for (const v of violations) console.error(`✖ [${v.rule}] ${v.message}`);
if (violations.length > 0) process.exit(1);
console.log(`import rules hold: ${files} files, ${edges} imports, no cycles`);
