/**
 * Stripe's request encoding (what stripe-node sends): `a[b][0][c]=v` pairs, form-encoded, in
 * bodies and query strings. Parsed back into nested objects; objects keyed 0..n become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

function normalise(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = normalise(value[key]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => value[String(i)]!);
  }
  return value;
}

export function parseStripeForm(encoded: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = rawKey.match(/^([^[\]]+)((?:\[[^\]]*\])*)$/);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      // `expand[]=x` (empty brackets) appends.
      const next = path[i + 1] === '' ? (node[key] ?? []) : (node[key] ?? {});
      node[key] = next;
      if (Array.isArray(next)) {
        next.push(value);
        node = {} as Record<string, FormValue>;
        break;
      }
      node = next as Record<string, FormValue>;
    }
    const last = path[path.length - 1]!;
    if (last !== '' || path.length === 1) node[last] = value;
  }
  return normalise(root) as Record<string, FormValue>;
}

/** Readers that say what a field should be; a wrong shape reads as absent. */
export const field = {
  str: (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined),
  int: (v: FormValue | undefined): number | undefined =>
    typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : undefined,
  bool: (v: FormValue | undefined): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined),
  list: (v: FormValue | undefined): FormValue[] =>
    Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : [],
  obj: (v: FormValue | undefined): Record<string, FormValue> =>
    v && typeof v === 'object' && !Array.isArray(v) ? v : {},
  strings: (v: FormValue | undefined): string[] =>
    (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).filter((x): x is string => typeof x === 'string'),
};
