/** Importance levels, ranks and colours of SPEC.md section 9. */
export const IMPORTANCE_LEVELS = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type Importance = (typeof IMPORTANCE_LEVELS)[number];

export const IMPORTANCE_RANK: Record<Importance, number> = { CRITICAL: 4, HIGH: 3, MEDIUM: 2, LOW: 1 };
export const IMPORTANCE_COLOUR: Record<Importance, 'red' | 'orange' | 'yellow' | 'gray'> = {
  CRITICAL: 'red',
  HIGH: 'orange',
  MEDIUM: 'yellow',
  LOW: 'gray',
};

export function isImportance(value: unknown): value is Importance {
  return typeof value === 'string' && (IMPORTANCE_LEVELS as readonly string[]).includes(value);
}

export function importanceFromRank(rank: number): Importance | null {
  return IMPORTANCE_LEVELS.find((level) => IMPORTANCE_RANK[level] === rank) ?? null;
}

/** The higher of two levels (null counts as lowest). */
export function maxImportance(a: Importance | null | undefined, b: Importance | null | undefined): Importance | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return IMPORTANCE_RANK[a] >= IMPORTANCE_RANK[b] ? a : b;
}
