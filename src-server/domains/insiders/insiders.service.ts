/** Insider profiles by CIK or by name (SPEC.md route /insider/cik/{cik} and /insider/{name}). */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import { insiderHref } from '../ticker-pages/timeline';
import { buildProfile, type InsiderProfile } from './insider-profile';
import * as repo from './insiders.repo';

/** Rows read for one profile; a prolific filer's oldest rows beyond this are left out (and flagged). */
export const MAX_PROFILE_ROWS = 5000;

export interface InsiderChoice {
  cik: number | null;
  name: string;
  href: string;
  filings: number;
  last_filed_at: string;
  companies: { issuer_cik: number | null; ticker: string | null; name: string | null }[];
}

export type InsiderLookup = { kind: 'profile'; profile: InsiderProfile } | { kind: 'choices'; name: string; choices: InsiderChoice[] };

const notFound = (what: string) =>
  new AppError('NOT_FOUND', `We have no insider filings for ${what}.`, { reason: 'insider_not_found', details: { query: what } });

async function profileOf(db: Db, who: { cik: number } | { name: string }): Promise<InsiderProfile | null> {
  const rows = await repo.ownerRows(db, who, MAX_PROFILE_ROWS + 1);
  return buildProfile(rows.slice(0, MAX_PROFILE_ROWS), { truncated: rows.length > MAX_PROFILE_ROWS });
}

export async function getInsiderByCik(db: Db, { cik }: { cik: number }): Promise<InsiderProfile> {
  const profile = await profileOf(db, { cik });
  if (!profile) throw notFound(`CIK ${cik}`);
  return profile;
}

/**
 * A name as the Form 4 summaries link it (display order "Elon Musk" or as filed "Musk Elon"),
 * case-insensitive. One person: the profile. Several CIKs under the name: the list to choose
 * from. Rows without a CIK (old text filings) form a profile only when no CIK matches.
 */
export async function getInsiderByName(db: Db, { name }: { name: string }): Promise<InsiderLookup> {
  const wanted = name.trim().replace(/\s+/g, ' ');
  if (!wanted) throw new AppError('BAD_REQUEST', 'Give an insider name.', { reason: 'name_required' });
  const identities = await repo.identitiesByName(db, { name: wanted });
  const withCik = identities.filter((i) => i.owner_cik != null);
  if (withCik.length > 1) {
    return {
      kind: 'choices',
      name: wanted,
      choices: withCik.map((i) => ({
        cik: i.owner_cik,
        name: i.name,
        href: insiderHref({ cik: i.owner_cik, name: i.name }),
        filings: i.filings,
        last_filed_at: i.last_filed_at,
        companies: i.companies,
      })),
    };
  }
  const only = withCik[0] ?? identities[0];
  const profile = only ? await profileOf(db, only.owner_cik != null ? { cik: only.owner_cik } : { name: wanted }) : null;
  if (!profile) throw notFound(`"${wanted}"`);
  return { kind: 'profile', profile };
}
