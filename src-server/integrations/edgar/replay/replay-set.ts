/** The recorded filings the replay serves, described from their own SEC headers or the manifest. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseSubmission } from '../../../edgar-model/parse/sgml';
import { projectPath } from '../../../config/paths';

export const REPLAY_DATA_DIR = projectPath('src-server/integrations/edgar/replay-data');

export interface ReplayFiling {
  accessionNo: string;
  cik: number;
  formType: string;
  companyName: string;
  filedDate: string | null;
  acceptedAt: string | null;
  /** 'submission': served as `<accession>.txt`; 'index-headers'; 'document': a bare primary document. */
  kind: 'submission' | 'index-headers' | 'document';
  /** File name inside the accession folder for bare documents. */
  documentName: string | null;
  /** The recorded text (read on first use: the gzip-compressed annual reports run to megabytes). */
  readonly body: string;
  /** Size of the original document in bytes. */
  sizeBytes: number;
}

interface ManifestEntry {
  file: string;
  serveAs?: 'index-headers';
  accessionNo?: string;
  cik?: number;
  formType?: string;
  companyName?: string;
  documentName?: string;
  filedDate?: string | null;
  acceptedAt?: string | null;
  /** Original size and sha256 of a gzip-stored document (checked when it is read). */
  sizeBytes?: number;
  sha256?: string;
}

/** A `.gz` file is a large document stored compressed; its text is read only when asked for. */
function lazyBody(path: string, sha256: string | undefined): () => string {
  let text: string | null = null;
  return () => {
    if (text == null) {
      const bytes = gunzipSync(readFileSync(path));
      if (sha256 && createHash('sha256').update(bytes).digest('hex') !== sha256)
        throw new Error(`replay file ${path} does not match its recorded sha256`);
      text = bytes.toString('utf8');
    }
    return text;
  };
}

export function loadReplaySet(dir: string = REPLAY_DATA_DIR): ReplayFiling[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { filings: ManifestEntry[] };
  return manifest.filings.map((entry) => {
    const path = join(dir, 'filings', entry.file);
    if (entry.file.endsWith('.gz') && entry.accessionNo && entry.cik && entry.formType) {
      const read = lazyBody(path, entry.sha256);
      return {
        accessionNo: entry.accessionNo,
        cik: entry.cik,
        formType: entry.formType,
        companyName: entry.companyName ?? '',
        filedDate: entry.filedDate ?? null,
        acceptedAt: entry.acceptedAt ?? null,
        kind: 'document' as const,
        documentName: entry.documentName ?? entry.file.replace(/\.gz$/, ''),
        get body() {
          return read();
        },
        sizeBytes: entry.sizeBytes ?? read().length,
      };
    }
    const body = readFileSync(path, 'utf8');
    if (entry.accessionNo && entry.cik && entry.formType) {
      return {
        accessionNo: entry.accessionNo,
        cik: entry.cik,
        formType: entry.formType,
        companyName: entry.companyName ?? '',
        filedDate: entry.filedDate ?? null,
        acceptedAt: entry.acceptedAt ?? null,
        kind: 'document' as const,
        documentName: entry.documentName ?? entry.file,
        body,
        sizeBytes: Buffer.byteLength(body),
      };
    }
    const { header } = parseSubmission(body);
    const company =
      header.parties.find((p) => p.role === 'issuer' || p.role === 'subject') ??
      header.parties.find((p) => p.role === 'filer') ??
      header.parties[0];
    if (!header.accessionNo || !header.formType || !company?.cik)
      throw new Error(`replay file ${entry.file} has no usable SEC header`);
    return {
      accessionNo: header.accessionNo,
      cik: company.cik,
      formType: header.formType,
      companyName: company.name ?? '',
      filedDate: header.filedDate,
      acceptedAt: header.acceptedAt,
      kind: entry.serveAs === 'index-headers' ? ('index-headers' as const) : ('submission' as const),
      documentName: null,
      body,
      sizeBytes: Buffer.byteLength(body),
    };
  });
}
