/** Insider profiles by CIK or by name (SPEC.md route /insider/cik/{cik} and /insider/{name}). */
import { AppError } from '../../core/app-error';
import type { Db } from '../../db/client';
import { insiderHref } from '../ticker-pages/timeline';
import { buildProfile, type InsiderProfile } from './insider-profile';
import { findClusters } from '../../core/insider-activity';
import { SCORING_THRESHOLDS } from '../../core/scoring-rules';
import { companiesTrades } from './activity.service';
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
  const profile = buildProfile(rows.slice(0, MAX_PROFILE_ROWS), { truncated: rows.length > MAX_PROFILE_ROWS });
  if (profile) await addClusters(db, profile);
  return profile;
}

const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Each company's cluster buying/selling (collapsed trades of every insider) that this insider took part in. */
async function addClusters(db: Db, profile: InsiderProfile): Promise<void> {
  const companies = profile.companies.filter((c) => c.issuer_cik != null && c.totals.bought_shares + c.totals.sold_shares > 0);
  if (companies.length === 0) return;
  const days = SCORING_THRESHOLDS.clusterDays;
  const from = shift(companies.map((c) => c.first_date).sort()[0]!, -days);
  const to = shift(companies.map((c) => c.last_date).sort().at(-1)!, days);
  const trades = await companiesTrades(db, { issuerCiks: companies.map((c) => c.issuer_cik!), from, to });
  const isMe = (o: { cik: number | null; name: string }) =>
    profile.cik != null ? o.cik === profile.cik : o.name.toLowerCase() === profile.name.toLowerCase() || profile.filed_names.some((n) => n.toLowerCase() === o.name.toLowerCase());
  for (const company of companies) {
    const list = trades.get(company.issuer_cik!) ?? [];
    company.clusters = (['buying', 'selling'] as const)
      .flatMap((direction) => findClusters(list, direction))
      .filter((c) => c.trades.some((t) => t.party.owners.some(isMe)))
      .map(({ trades: _t, ...c }) => c);
  }
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
