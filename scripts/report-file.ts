/** A report from a file (plain or gzip-compressed, as the replay stores them) or an EDGAR URL. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readSource } from './edgar-parse-source';

export async function readReport(target: string): Promise<string> {
  if (/^https?:\/\//.test(target)) return readSource(target);
  const bytes = readFileSync(target);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}
