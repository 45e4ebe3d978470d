import type { BodyEncoding } from '../../domains/watchlist/watchlist-body-cache';

/**
 * The encoding to answer an Accept-Encoding header with: br, else gzip, else identity. Honours
 * q-values (`br;q=0` refuses br) and `*`; a missing header means identity.
 */
export function pickEncoding(header: string | string[] | undefined): BodyEncoding {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return 'identity';
  // Clients send a handful of distinct headers, each on every request: parse each once.
  const known = seen.get(raw);
  if (known) return known;
  const picked = parse(raw);
  if (raw.length > 256) return picked;
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(raw, picked);
  return picked;
}

const MAX_SEEN = 64;
const seen = new Map<string, BodyEncoding>();

function parse(raw: string): BodyEncoding {
  const q = new Map<string, number>();
  for (const part of raw.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = weight === undefined ? 1 : Number(weight);
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
