/**
 * node --import tsx scripts/eval/read-filing.ts <file>...  — the labeller's reading aid for the importance set.
 * Strips markup and prints what a careful reader looks at first: the SEC header, the cover, each 8-K item's
 * heading and first paragraph, the exhibit 99.1 headline, a Form 4's rows and footnotes, a 13D/G's cover rows.
 * It deliberately never imports the project's parser or scorer (src-server/edgar-model): the labels must come
 * from the document, not from what the product already believes.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const ITEM_LIMIT = Number(process.env.ITEM_LIMIT ?? 1500);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of an HTML/SGML fragment: tags out, entities decoded, blank runs squeezed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<ix:header>[\s\S]*?<\/ix:header>/gi, ' ')
    .replace(/<\/(p|div|tr|br|li|h\d|table)\s*>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, n: string) => String.fromCodePoint(parseInt(n, hex ? 16 : 10)))
    .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/[ \t\u00a0\u200b]+/g, ' ')
    .replace(/ *\n[ \n]*/g, '\n')
    .trim();
}

function header(raw: string): string[] {
  const h = /<SEC-HEADER>([\s\S]*?)<\/SEC-HEADER>|<IMS-HEADER>([\s\S]*?)<\/IMS-HEADER>/.exec(raw);
  if (!h) return [];
  const body = h[1] ?? h[2] ?? '';
  const keep =
    /ACCESSION NUMBER|CONFORMED SUBMISSION TYPE|CONFORMED PERIOD|FILED AS OF|ITEM INFORMATION|COMPANY CONFORMED NAME|STANDARD INDUSTRIAL|<ACCEPTANCE/;
  return body
    .split('\n')
    .filter((l) => keep.test(l))
    .map((l) => l.replace(/\s+/g, ' ').trim());
}

function tag(xml: string, name: string): string {
  const m = new RegExp(`<${name}>\\s*(?:<value>)?\\s*([^<]*)`, 'i').exec(xml);
  return m?.[1]?.trim() ?? '';
}

function ownership(xml: string): string[] {
  const out: string[] = [];
  out.push(`doc=${tag(xml, 'documentType')} period=${tag(xml, 'periodOfReport')} 10b5-1box=${tag(xml, 'aff10b5One')}`);
  out.push(`issuer=${tag(xml, 'issuerName')} (${tag(xml, 'issuerTradingSymbol')})`);
  for (const o of xml.match(/<reportingOwner>[\s\S]*?<\/reportingOwner>/g) ?? []) {
    const rel = ['isDirector', 'isOfficer', 'isTenPercentOwner', 'isOther']
      .filter((r) => /^(1|true)$/i.test(tag(o, r)))
      .join(',');
    out.push(`owner=${tag(o, 'rptOwnerName')} [${rel}] ${tag(o, 'officerTitle')} ${tag(o, 'otherText')}`);
  }
  const rows = xml.match(/<(nonDerivative|derivative)(Transaction|Holding)>[\s\S]*?<\/\1\2>/g) ?? [];
  for (const r of rows) {
    const kind = r.startsWith('<nonDerivative') ? 'ND' : 'D';
    const fn = [...new Set([...r.matchAll(/footnoteId id="(F\d+)"/g)].map((m) => m[1]))].join(',');
    out.push(
      `${kind} ${tag(r, 'securityTitle')} | ${tag(r, 'transactionDate')} code=${tag(r, 'transactionCode')} ` +
        `sh=${tag(r, 'transactionShares')} tv=${tag(r, 'transactionTotalValue')} px=${tag(r, 'transactionPricePerShare')} ` +
        `${tag(r, 'transactionAcquiredDisposedCode')} after=${tag(r, 'sharesOwnedFollowingTransaction')}${tag(r, 'valueOwnedFollowingTransaction') ? ` after$=${tag(r, 'valueOwnedFollowingTransaction')}` : ''} ` +
        `${tag(r, 'directOrIndirectOwnership')} ${tag(r, 'natureOfOwnership')} ul=${tag(r, 'underlyingSecurityShares')} ex=${tag(r, 'conversionOrExercisePrice')} [${fn}]`,
    );
  }
  for (const f of (xml.match(/<footnote id="F\d+">[\s\S]*?<\/footnote>/g) ?? []).slice(0, 10))
    out.push(plainText(f.replace(/<footnote id="(F\d+)">/, '$1: ')).slice(0, 220));
  out.push(`remarks=${plainText(tag(xml, 'remarks')).slice(0, 300)}`);
  out.push(`signed=${[...xml.matchAll(/<signatureDate>([^<]+)/g)].map((m) => m[1]).join(',')}`);
  return out;
}

/** Each "Item N.NN" heading with the text under it, and the press release's opening. */
function currentReport(text: string): string[] {
  const out: string[] = [];
  const cover = /Date of Report[^\n]{0,40}\n?[^\n]{0,120}/i.exec(text);
  if (cover) out.push(`cover: ${cover[0].replace(/\s+/g, ' ')}`);
  const headings = [...text.matchAll(/\n\s*Item\s+(\d{1,2}(?:\.\d{2})?)\.?\s*([^\n]{0,120})/gi)];
  const seen = new Set<string>();
  for (const [i, h] of headings.entries()) {
    const item = h[1] ?? '';
    if (seen.has(item) || item === '9.01') continue;
    seen.add(item);
    const start = (h.index ?? 0) + h[0].length;
    const end = headings[i + 1]?.index ?? start + 1500;
    out.push(
      `ITEM ${item} ${h[2]?.trim()}: ${text.slice(start, Math.min(end, start + ITEM_LIMIT)).replace(/\s+/g, ' ')}`,
    );
  }
  return out;
}

function documents(raw: string): { type: string; text: string }[] {
  const docs = [...raw.matchAll(/<DOCUMENT>\s*<TYPE>([^\n<]+)([\s\S]*?)<\/DOCUMENT>/g)];
  if (docs.length === 0) return [{ type: '', text: raw }];
  return docs.map((d) => ({ type: (d[1] ?? '').trim(), text: d[2] ?? '' }));
}

export function describe(raw: string, limit = 2500): string {
  const out = header(raw);
  for (const [i, d] of documents(raw).entries()) {
    if (i > 0 && !/^EX-99|^EX-10\.1$|^SC 13|^4$|^3$|^5$/.test(d.type)) continue;
    if (/<ownershipDocument/.test(d.text)) {
      out.push(...ownership(d.text));
      continue;
    }
    const text = plainText(d.text);
    out.push(`--- doc ${i} ${d.type}`);
    if (/^EX-99/.test(d.type)) {
      out.push(text.slice(0, 900).replace(/\s+/g, ' '));
      continue;
    }
    out.push(text.slice(0, limit).replace(/\s+/g, ' '));
    if (/8-K|6-K/.test(d.type) || (!d.type && /FORM 8-K/i.test(text.slice(0, 5000)))) {
      out.push(...currentReport(text));
      continue;
    }
    const key = text.match(
      /[^\n]{0,160}(ceased to be the beneficial owner|percent of class represented|Rule 13d-1\([bcd]\)|12b-25|could not be filed|delist|deficiency|going concern|restat|non-reliance)[^\n]{0,200}/gi,
    );
    if (key) out.push(...key.slice(0, 8).map((k) => `KEY: ${k.replace(/\s+/g, ' ')}`));
  }
  return out.join('\n');
}

if (process.argv[1]?.endsWith('read-filing.ts')) {
  const limit = Number(process.env.READ_LIMIT ?? 2500);
  for (const file of process.argv.slice(2)) {
    const bytes = readFileSync(file);
    const raw = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1');
    console.log(`##### ${file}\n${describe(raw, limit)}\n`);
  }
}
