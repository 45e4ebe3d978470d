import { escapeHtml } from '#shared/html';

export interface ShellValues {
  title: string;
  description: string;
  nonce: string;
  /** Values handed to the SPA before it boots (window.__NAME__ = value). */
  globals: Record<string, unknown>;
}

/** JSON inside a <script>: `<` escaped so no value can close the tag. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * index.html with the page's title, meta tags and boot globals filled in. Every value goes in
 * through a replacer function: a string replacement would expand `$&`, `` $` ``, `$'` and `$1` in
 * filing text or an admin's tagline, pasting pieces of the template into the public page.
 */
export function renderShell(template: string, values: ShellValues): string {
  const head =
    `<meta name="description" content="${escapeHtml(values.description)}" />` +
    `<meta property="og:title" content="${escapeHtml(values.title)}" />` +
    `<meta property="og:description" content="${escapeHtml(values.description)}" />` +
    `<script nonce="${escapeHtml(values.nonce)}">${Object.entries(values.globals)
      .map(([name, value]) => `window.__${name}__=${scriptJson(value)};`)
      .join('')}</script>`;
  return template
    .replace(/<title>.*?<\/title>/s, () => `<title>${escapeHtml(values.title)}</title>`)
    .replace('<!--app-head-->', () => head);
}
