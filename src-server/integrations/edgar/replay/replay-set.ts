/** The recorded filings the replay serves, described from their own SEC headers or the manifest. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  body: string;
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
}

export function loadReplaySet(dir: string = REPLAY_DATA_DIR): ReplayFiling[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { filings: ManifestEntry[] };
  return manifest.filings.map((entry) => {
    const body = readFileSync(join(dir, 'filings', entry.file), 'utf8');
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
      };
    }
    const { header } = parseSubmission(body);
    const company = header.parties.find((p) => p.role === 'issuer' || p.role === 'subject') ?? header.parties.find((p) => p.role === 'filer') ?? header.parties[0];
    if (!header.accessionNo || !header.formType || !company?.cik) throw new Error(`replay file ${entry.file} has no usable SEC header`);
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
    };
  });
}
