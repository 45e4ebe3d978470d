/** SQL of hand corrections to insider profiles (admin /admin/insiders): display names and merges. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface ProfileEditRow extends Record<string, unknown> {
  owner_cik: number;
  display_name: string | null;
  merged_into_cik: number | null;
}

/** The edits of these CIKs (absent CIKs have none). */
export async function editsOf(db: Db, ciks: number[]): Promise<Map<number, ProfileEditRow>> {
  if (ciks.length === 0) return new Map();
  const rows = await db.execute<ProfileEditRow>(sql`
    select owner_cik, display_name, merged_into_cik from insider_profile_edits
    where owner_cik in (${sql.join(
      ciks.map((c) => sql`${c}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [r.owner_cik, r]));
}

/** CIKs merged into this one (their filings now show on its profile). */
export async function mergedInto(db: Db, cik: number): Promise<number[]> {
  const rows = await db.execute<{ owner_cik: number }>(
    sql`select owner_cik from insider_profile_edits where merged_into_cik = ${cik} order by owner_cik`,
  );
  return rows.map((r) => r.owner_cik);
}

/**
 * The name to show for an owner row `it` wherever filings list their owners: the name an admin
 * set for the CIK, or for the profile it was merged into, else the name as filed.
 */
export const shownOwnerName = sql`coalesce((select coalesce(t.display_name, e.display_name) from insider_profile_edits e
  left join insider_profile_edits t on t.owner_cik = e.merged_into_cik where e.owner_cik = it.owner_cik), it.owner_display_name)`;
