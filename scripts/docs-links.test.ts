// README.md and docs/: every relative link and #anchor points at a file and heading that exist, and
// the README stays a front door (under 250 lines). Pure file reads: milliseconds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a `[x](y)` is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = (match[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] ?? '');
}

function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const link of links(text)) {
    if (/^[a-z][a-z+.-]*:/i.test(link)) continue; // http:, https:, mailto:
    const [pathPart = '', anchor] = link.split('#');
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    if (!existsSync(target)) {
      problems.push(`${link}: no such file`);
      continue;
    }
    if (anchor === undefined || statSync(target).isDirectory()) continue;
    if (!headingAnchors(readFileSync(target, 'utf8')).has(anchor)) problems.push(`${link}: no such heading`);
  }
  return problems.map((p) => `${relative(root, file)}: ${p}`);
}

describe('README and docs', () => {
  const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

  it('every relative link and anchor resolves', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('README stays under 250 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThan(250);
  });

  it('reads anchors the way GitHub writes them', () => {
    const anchors = headingAnchors('# bench:detect\n## Smarter alerts: threads (issue #18)\n## Tests\n## Tests\n');
    expect([...anchors]).toEqual(['benchdetect', 'smarter-alerts-threads-issue-18', 'tests', 'tests-1']);
  });

  it('finds a broken link', () => {
    expect(links('see [x](nowhere.md#a) and `[y](z.md)`')).toEqual(['nowhere.md#a']);
  });
});
