import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#shared/html';
import { renderShell } from './page-shell';

const TEMPLATE =
  '<!doctype html><html><head><title>App</title><!--app-head--></head><body><div id="root"></div></body></html>';
// Every special replacement pattern of String.prototype.replace.
const PATTERNS = ['$`', "$'", '$&', '$1', '$$', '$<name>', '$0'];

describe('the page shell with $ patterns in data', () => {
  for (const pattern of PATTERNS) {
    it(`keeps ${pattern} literal in the title, the description and the boot globals`, () => {
      const text = `Acme ${pattern} Corp`;
      const html = renderShell(TEMPLATE, {
        title: text,
        description: `Tagline ${pattern}`,
        nonce: 'n0nce',
        globals: { BRAND: '8k', BRAND_THEME: { tagline: `Read ${pattern} for you` } },
      });
      expect(html).toContain(`<title>${escapeHtml(text)}</title>`);
      expect(html).toContain(`content="${escapeHtml(`Tagline ${pattern}`)}"`);
      expect(html).toContain(JSON.stringify({ tagline: `Read ${pattern} for you` }).replace(/</g, '\\u003c'));
      // The template's pieces appear exactly once: nothing was pasted in from around the match.
      expect(html.match(/<!doctype html>/g)).toHaveLength(1);
      expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html).not.toContain('<!--app-head-->');
    });
  }

  it('cannot close the boot script from a value', () => {
    const html = renderShell(TEMPLATE, {
      title: 't',
      description: 'd',
      nonce: 'n',
      globals: { BRAND_THEME: { tagline: '</script><script>alert(1)</script>' } },
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
