/**
 * Migration 0045: cover names stored before filings were checked against the company's current name. A stale one
 * (a 1996 name the company has since dropped) is cleared; one that only spells the current name its own way stays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';

const { db } = await createTestDatabase();
const migration = readFileSync(
  join(import.meta.dirname, '../../drizzle/0045_company_display_name_current.sql'),
  'utf8',
);

it('clears a cover name the company has since dropped and keeps its own spelling of the current one', async () => {
  const rows: [number, string, string][] = [
    [320193, 'Apple Inc.', 'Apple Computer, Inc.'],
    [1048911, 'FEDEX CORP', 'FedEx Corporation'],
    [1018724, 'AMAZON COM INC', 'Amazon.com, Inc.'],
    [732717, 'AT&T INC.', 'AT&T Inc.'],
    [899051, 'ALLSTATE CORP', 'The Allstate Corporation'],
    [1326801, 'Meta Platforms, Inc.', 'Facebook, Inc.'],
  ];
  for (const [cik, name, written] of rows)
    await db.execute(sql`
      insert into companies (cik, name, display_name, display_name_at) values (${cik}, ${name}, ${written}, now())
      on conflict (cik) do update set name = excluded.name, display_name = excluded.display_name,
        display_name_at = excluded.display_name_at`);
  await db.execute(sql.raw(migration));
  const after = await db.execute<{ cik: number; display_name: string | null; display_name_at: Date | null }>(
    sql`select cik, display_name, display_name_at from companies where cik in (320193, 1048911, 1018724, 732717, 899051, 1326801) order by cik`,
  );
  expect(Object.fromEntries(after.map((r) => [r.cik, r.display_name]))).toEqual({
    320193: null,
    1048911: 'FedEx Corporation',
    1018724: 'Amazon.com, Inc.',
    732717: 'AT&T Inc.',
    899051: 'The Allstate Corporation',
    1326801: null,
  });
  expect(after.filter((r) => r.display_name === null).every((r) => r.display_name_at === null)).toBe(true);
});
