/**
 * Fetches what the parser needs for one accession with as few EDGAR requests as possible:
 * the full submission `.txt` (one request; small for Forms 3/4/5, 8-K, 13D/G, 13F, D);
 * for annual/quarterly reports only the `-index-headers.html` header (their bodies run to
 * megabytes and the score needs only the header); for proxies and prospectuses the header
 * plus the primary document. When those are missing (404), the folder's `index.json` listing
 * leads to the primary document itself.
 */
import type { EdgarClient } from './edgar-client';
import { accessionFolder, directoryJsonPath, fullSubmissionPath, indexHeadersPath } from './paths';
import type { EdgarPriority } from './request-budget';

export interface FilingRef {
  accessionNo: string;
  cik: number;
  formType?: string | null;
  primaryDocument?: string | null;
}

export interface FetchedFiling {
  /** A submission (full text or index headers) or a bare primary document. */
  raw: string;
  /** Document texts fetched separately, by file name (primary documents of header-only fetches). */
  documentTexts: Record<string, string>;
  url: string;
}

function wantsHeaderOnly(form: string): boolean {
  return /^(10-K|10-Q|20-F|40-F)/.test(form);
}

function wantsHeaderPlusPrimary(form: string): boolean {
  return /^(DEF|PRE)[A-Z]?14A|^(S-1|F-1|424B[14])/.test(form);
}

/** The first document of an index-headers listing (sequence 1 is the primary document). */
function firstListedDocument(indexHeaders: string): string | null {
  return /&lt;FILENAME&gt;([^\s&<]+)|<FILENAME>([^\s<]+)/.exec(indexHeaders)?.slice(1).find(Boolean) ?? null;
}

async function viaDirectory(
  client: EdgarClient,
  ref: FilingRef,
  priority: EdgarPriority,
): Promise<FetchedFiling | null> {
  const listing = await client.getJson<{ directory?: { item?: { name: string }[] } }>(
    directoryJsonPath(ref.cik, ref.accessionNo),
    priority,
  );
  const names = (listing?.directory?.item ?? []).map((i) => i.name);
  const hinted = ref.primaryDocument?.split('/').pop();
  const pick =
    (hinted && names.includes(hinted) ? hinted : null) ??
    names.find((n) => /\.xml$/i.test(n) && !/^(FilingSummary|.*_(cal|def|lab|pre))\.xml$/i.test(n)) ??
    names.find((n) => /\.(htm|html|txt)$/i.test(n) && !n.includes('index'));
  if (!pick) return null;
  const url = `${accessionFolder(ref.cik, ref.accessionNo)}${pick}`;
  const doc = await client.get(url, { priority });
  if (doc.status === 404) return null;
  return { raw: doc.text, documentTexts: {}, url: doc.url };
}

export async function fetchFiling(
  client: EdgarClient,
  ref: FilingRef,
  priority: EdgarPriority = 'live',
): Promise<FetchedFiling | null> {
  const form = (ref.formType ?? '').toUpperCase();
  if (wantsHeaderOnly(form) || wantsHeaderPlusPrimary(form)) {
    const headers = await client.get(indexHeadersPath(ref.cik, ref.accessionNo), { priority });
    if (headers.status === 200) {
      const documentTexts: Record<string, string> = {};
      const primary = wantsHeaderPlusPrimary(form) ? firstListedDocument(headers.text) : null;
      if (primary) {
        const doc = await client.get(`${accessionFolder(ref.cik, ref.accessionNo)}${primary}`, { priority });
        if (doc.status === 200) documentTexts[primary] = doc.text;
      }
      return { raw: headers.text, documentTexts, url: headers.url };
    }
  }
  const full = await client.get(fullSubmissionPath(ref.cik, ref.accessionNo), { priority });
  if (full.status === 200) return { raw: full.text, documentTexts: {}, url: full.url };
  return viaDirectory(client, ref, priority);
}
