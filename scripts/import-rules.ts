/**
 * The import rules of the house, checked over the project's own files (no dependency-cruiser:
 * a regex over import specifiers is enough for code that only uses static `import`/`export from`
 * and string-literal `import()`):
 *  - the web (src-web) imports only web code, shared code (#shared/*) and packages, plus
 *    `import type` of the router (the tRPC AppRouter type);
 *  - shared code imports only shared code (its tests may load server fixtures): the web bundles it;
 *  - integrations never import domains;
 *  - reading a filing (edgar-model/parse) never imports scoring (edgar-model/score): scoring reads parsed facts
 *    (the parser's tests may score what they parse);
 *  - no import cycles, type-only imports included (a type cycle is still a knot to read).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

export interface Violation {
  rule: 'web-imports' | 'shared-imports' | 'integrations-import-domains' | 'parse-imports-score' | 'cycle';
  message: string;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results', '.git']);
// `import x from '...'`, `import type {..} from '...'`, `export * from '...'`, `import '...'`, `import('...')`.
const SPECIFIER =
  /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Source files (not tests' data) under the given folders, relative to root, with / separators. */
export function listSources(root: string, folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, path).split('\\').join('/'));
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return out.sort();
}

/** The specifiers a file imports, and whether each import is erased at run time (`import type`). */
export function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  // Comments may quote imports in prose; strip them first (keeps string contents intact enough).
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  for (const match of code.matchAll(SPECIFIER)) {
    const specifier = match[3] ?? match[4];
    if (specifier) found.push({ specifier, typeOnly: Boolean(match[2]) });
  }
  return found;
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** package.json "imports" (#alias/* -> ./folder/*) applied, then the file on disk; null for packages. */
export function resolveSpecifier(
  root: string,
  fromFile: string,
  specifier: string,
  aliases: Record<string, string>,
): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = resolve(root, dirname(fromFile), specifier);
  else if (specifier.startsWith('#')) {
    for (const [pattern, target] of Object.entries(aliases)) {
      const prefix = pattern.replace(/\*$/, '');
      if (pattern.endsWith('*') ? specifier.startsWith(prefix) : specifier === pattern) {
        base = resolve(root, target.replace('*', specifier.slice(prefix.length)));
        break;
      }
    }
    if (!base) throw new Error(`${fromFile}: no package.json "imports" entry matches ${specifier}`);
  } else return null;
  const stripped = base.replace(/\.js$/, '');
  for (const candidate of [base, ...CANDIDATES.map((c) => stripped + c)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split('\\').join('/');
  }
  throw new Error(`${fromFile}: cannot resolve ${specifier}`);
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
export function findCycles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Iterative Tarjan: deep import chains would overflow a recursive one.
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const to = targets[frame.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || targets.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

export interface Layout {
  /** Folder of the web app, of shared code, of integrations and domains (relative to root). */
  web: string;
  shared: string;
  integrations: string;
  domains: string;
  /** The one server file the web may import, and only with `import type`. */
  routerTypes: string;
  /** The filing parser and the scorer: the parser never imports the scorer. */
  parse: string;
  score: string;
}

export function checkImports(
  root: string,
  folders: string[],
  layout: Layout,
): { files: number; edges: number; violations: Violation[] } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> };
  const aliases = Object.fromEntries(Object.entries(pkg.imports ?? {}).map(([k, v]) => [k, v.replace(/^\.\//, '')]));
  const files = listSources(root, folders);
  const edges: ImportEdge[] = [];
  const violations: Violation[] = [];
  const inside = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
  for (const file of files) {
    for (const { specifier, typeOnly } of importsOf(readFileSync(join(root, file), 'utf8'))) {
      const to = resolveSpecifier(root, file, specifier, aliases);
      if (!to) continue;
      edges.push({ from: file, to, typeOnly });
      if (inside(file, layout.web) && !inside(to, layout.web) && !inside(to, layout.shared)) {
        if (!(to === layout.routerTypes && typeOnly)) {
          violations.push({
            rule: 'web-imports',
            message: `${file} imports ${specifier}: the web imports only shared code and \`import type\` of the router`,
          });
        }
      }
      if (inside(file, layout.shared) && !inside(to, layout.shared) && !/\.test\.tsx?$/.test(file)) {
        violations.push({
          rule: 'shared-imports',
          message: `${file} imports ${specifier}: shared code imports only shared code (the web bundles it)`,
        });
      }
      if (inside(file, layout.integrations) && inside(to, layout.domains)) {
        violations.push({
          rule: 'integrations-import-domains',
          message: `${file} imports ${specifier}: integrations never import domains`,
        });
      }
      if (inside(file, layout.parse) && inside(to, layout.score) && !/\.test\.tsx?$/.test(file)) {
        violations.push({
          rule: 'parse-imports-score',
          message: `${file} imports ${specifier}: parsing never depends on scoring (share the module one level up)`,
        });
      }
    }
  }
  for (const cycle of findCycles(files, edges)) {
    violations.push({ rule: 'cycle', message: `import cycle through ${cycle.length} files: ${cycle.join(' -> ')}` });
  }
  return { files: files.length, edges: edges.length, violations };
}
