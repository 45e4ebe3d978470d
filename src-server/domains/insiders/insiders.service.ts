/** Insider profiles by CIK or by name (SPEC.md route /insider/cik/{cik} and /insider/{name}). */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import { insiderHref } from '../ticker-pages/timeline';
import { buildProfile, type InsiderProfile } from './insider-profile';
import { findClusters } from '#shared/insider-activity';
import { SCORING_THRESHOLDS } from '#shared/scoring-rules';
import { companiesTrades } from './activity.service';
import * as repo from './insiders.repo';
import * as edits from './profile-edits.repo';

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

export type InsiderLookup =
  | { kind: 'profile'; profile: InsiderProfile }
  | { kind: 'choices'; name: string; choices: InsiderChoice[] };

const notFound = (what: string) =>
  new AppError('NOT_FOUND', `We have no insider filings for ${what}.`, {
    reason: 'insider_not_found',
    details: { query: what },
  });

/**
 * The profile of a CIK as admins corrected it (/admin/insiders): a CIK merged into another opens
 * that profile (its old URL keeps working), the profile gathers the filings of every CIK merged
 * into it, and a display name set by hand replaces the one the filings give.
 */
async function profileOf(db: Db, who: { cik: number } | { name: string }): Promise<InsiderProfile | null> {
  let target: number | null = null;
  let select: { ciks: number[] } | { name: string };
  if ('cik' in who) {
    target = (await edits.editsOf(db, [who.cik])).get(who.cik)?.merged_into_cik ?? who.cik;
    select = { ciks: [target, ...(await edits.mergedInto(db, target))] };
  } else select = who;
  const rows = await repo.ownerRows(db, select, MAX_PROFILE_ROWS + 1);
  const profile = buildProfile(rows.slice(0, MAX_PROFILE_ROWS), { truncated: rows.length > MAX_PROFILE_ROWS });
  if (!profile) return null;
  if (target != null) {
    profile.cik = target;
    profile.name = (await edits.editsOf(db, [target])).get(target)?.display_name ?? profile.name;
  }
  await addClusters(db, profile);
  return profile;
}

/** Identities under a name with merged CIKs folded into the profile they joined and hand-set names applied. */
async function correctedIdentities(db: Db, identities: repo.IdentityRow[]): Promise<repo.IdentityRow[]> {
  const ciks = identities.flatMap((i) => (i.owner_cik != null ? [i.owner_cik] : []));
  const known = await edits.editsOf(db, ciks);
  const targets = [...known.values()].flatMap((e) => (e.merged_into_cik != null ? [e.merged_into_cik] : []));
  const targetEdits = await edits.editsOf(db, targets);
  const byCik = new Map<number | null, repo.IdentityRow>();
  for (const identity of identities) {
    const cik =
      identity.owner_cik != null ? (known.get(identity.owner_cik)?.merged_into_cik ?? identity.owner_cik) : null;
    const name = cik != null ? (targetEdits.get(cik) ?? known.get(cik))?.display_name : null;
    const seen = byCik.get(cik);
    if (seen) {
      seen.filings += identity.filings;
      seen.companies = [...seen.companies, ...identity.companies];
    } else byCik.set(cik, { ...identity, owner_cik: cik, name: name ?? identity.name });
  }
  return [...byCik.values()];
}

const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Each company's cluster buying/selling (collapsed trades of every insider) that this insider took part in. */
async function addClusters(db: Db, profile: InsiderProfile): Promise<void> {
  const companies = profile.companies.filter(
    (c) => c.issuer_cik != null && c.totals.bought_shares + c.totals.sold_shares > 0,
  );
  if (companies.length === 0) return;
  const days = SCORING_THRESHOLDS.clusterDays;
  const from = shift(companies.map((c) => c.first_date).sort()[0]!, -days);
  const to = shift(
    companies
      .map((c) => c.last_date)
      .sort()
      .at(-1)!,
    days,
  );
  const trades = await companiesTrades(db, { issuerCiks: companies.map((c) => c.issuer_cik!), from, to });
  const isMe = (o: { cik: number | null; name: string }) =>
    profile.cik != null
      ? o.cik === profile.cik
      : o.name.toLowerCase() === profile.name.toLowerCase() ||
        profile.filed_names.some((n) => n.toLowerCase() === o.name.toLowerCase());
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
  const identities = await correctedIdentities(db, await repo.identitiesByName(db, { name: wanted }));
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
  const profile = only
    ? await profileOf(db, only.owner_cik != null ? { cik: only.owner_cik } : { name: wanted })
    : null;
  if (!profile) throw notFound(`"${wanted}"`);
  return { kind: 'profile', profile };
}
