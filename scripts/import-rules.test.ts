import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, findCycles, importsOf } from './import-rules';

const LAYOUT = {
  web: 'web',
  shared: 'shared',
  integrations: 'server/integrations',
  domains: 'server/domains',
  routerTypes: 'server/router.ts',
  parse: 'server/edgar-model/parse',
  score: 'server/edgar-model/score',
};
let root = '';
function project(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  const all = {
    'package.json': JSON.stringify({ imports: { '#shared/*': './shared/*.ts', '#server/*': './server/*.ts' } }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const check = (files: Record<string, string>) =>
  checkImports(project(files), ['shared', 'server', 'web'], LAYOUT).violations;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('import rules', () => {
  it('reads value, type-only, re-export, side-effect and dynamic imports, not ones quoted in comments', () => {
    const text = `import a from './a';\nimport type { B } from "./b";\nexport * from './c';\nimport './d';\nconst e = await import('./e');\n// import x from './commented';\n/* import y from './block' */`;
    expect(importsOf(text)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: './c', typeOnly: false },
      { specifier: './d', typeOnly: false },
      { specifier: './e', typeOnly: false },
    ]);
  });

  it('finds every file of a cycle, type-only links included, and nothing in a chain', () => {
    expect(
      findCycles(
        ['a', 'b', 'c', 'd'],
        [
          { from: 'a', to: 'b', typeOnly: false },
          { from: 'b', to: 'c', typeOnly: true },
          { from: 'c', to: 'a', typeOnly: false },
          { from: 'c', to: 'd', typeOnly: false },
        ],
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(findCycles(['a', 'b'], [{ from: 'a', to: 'b', typeOnly: false }])).toEqual([]);
  });

  it('lets the web import web code, shared code through #shared and the router as a type only', () => {
    expect(
      check({
        'shared/copy.ts': 'export const A = 1;',
        'server/router.ts': "import { A } from '#shared/copy';\nexport type AppRouter = typeof A;",
        'web/lib/x.ts':
          "import { A } from '#shared/copy';\nimport type { AppRouter } from '#server/router';\nimport React from 'react';",
        'web/main.ts': "import './lib/x';",
      }),
    ).toEqual([]);
  });

  it('refuses the web a value import of the router and any other server file', () => {
    const violations = check({
      'server/router.ts': 'export const appRouter = {};',
      'server/domains/auth/session.service.ts': 'export type UserDto = {};',
      'web/a.ts': "import { appRouter } from '#server/router';",
      'web/b.ts': "import type { UserDto } from '../server/domains/auth/session.service';",
    });
    expect(violations.map((v) => v.rule)).toEqual(['web-imports', 'web-imports']);
  });

  it('keeps shared code on shared code (a shared test may load server fixtures)', () => {
    const violations = check({
      'server/integrations/edgar/schedule.ts': 'export const HOLD = 1;',
      'shared/receipt.ts': "import { HOLD } from '../server/integrations/edgar/schedule';",
      'shared/receipt.test.ts': "import '../server/integrations/edgar/schedule';",
    });
    expect(violations.map((v) => v.message)).toEqual([expect.stringContaining('shared/receipt.ts imports')]);
  });

  it('refuses integrations importing domains, and reports a cycle', () => {
    const violations = check({
      'server/domains/filings/parse.ts': "import '../../integrations/edgar/client';",
      'server/integrations/edgar/client.ts': "import '../../domains/filings/parse';",
    });
    expect(violations.map((v) => v.rule).sort()).toEqual(['cycle', 'integrations-import-domains']);
  });

  it('refuses the filing parser importing the scorer; both may import a module beside them', () => {
    const violations = check({
      'server/edgar-model/company-name.ts': 'export const name = 1;',
      'server/edgar-model/score/company-name.ts': 'export const old = 1;',
      'server/edgar-model/parse/index.ts': "import '../company-name';\nimport '../score/company-name';",
      'server/edgar-model/score/index.ts': "import '../company-name';\nimport '../parse';",
      'server/edgar-model/parse/index.test.ts': "import '../score';",
    });
    expect(violations.map((v) => `${v.rule} ${v.message}`)).toEqual([
      'parse-imports-score server/edgar-model/parse/index.ts imports ../score/company-name: parsing never depends on scoring (share the module one level up)',
    ]);
  });

  it('fails loudly on an import it cannot resolve instead of passing it', () => {
    expect(() => check({ 'web/a.ts': "import './missing';" })).toThrow(/cannot resolve/);
  });
});
