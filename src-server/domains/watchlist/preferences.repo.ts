import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preferences } from '../../db/schema';

export type PreferencesRow = typeof preferences.$inferSelect;
type PreferencesValues = Omit<typeof preferences.$inferInsert, 'userId' | 'updatedAt'>;

export async function findPreferences(db: Db, params: { userId: string }): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, params.userId)).limit(1);
  return row;
}

/** Writes only the given fields; the row is created with the table's defaults for the rest. */
export async function savePreferences(
  db: Db,
  params: { userId: string; values: PreferencesValues },
): Promise<PreferencesRow> {
  const [row] = await db
    .insert(preferences)
    .values({ userId: params.userId, ...params.values })
    .onConflictDoUpdate({ target: preferences.userId, set: { ...params.values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
