/** Rules of /admin/insiders: correct an insider's display name, merge two profiles into one. */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import * as repo from './insiders.repo';

const notFound = (cik: number) =>
  new AppError('NOT_FOUND', `We have no insider filings for CIK ${cik}.`, {
    reason: 'insider_not_found',
    details: { cik },
  });

export async function insiderOf(db: Db, cik: number): Promise<repo.AdminInsiderRow> {
  const [row] = await repo.listInsiders(db, { cik, afterCik: null, limit: 1 });
  if (!row) throw notFound(cik);
  return row;
}

/** A display name by hand (null: back to the name the filings give). */
export async function setDisplayName(db: Db, p: { cik: number; displayName: string | null; adminId: string }) {
  const before = await insiderOf(db, p.cik);
  await repo.upsertEdit(db, { cik: p.cik, displayName: p.displayName, adminId: p.adminId });
  return { before: { display_name: before.display_name }, after: await insiderOf(db, p.cik) };
}

/**
 * Merge `fromCik`'s profile into `intoCik`'s: the public profile of intoCik shows both CIKs'
 * filings (as filed, nothing rewritten) and /insider/cik/{fromCik} opens it. A merged profile
 * cannot take part in another merge until it stands on its own; merging is its own undo-free act,
 * hence the reason the caller requires.
 */
export async function mergeProfiles(db: Db, p: { fromCik: number; intoCik: number; adminId: string }) {
  if (p.fromCik === p.intoCik)
    throw new AppError('BAD_REQUEST', 'Choose two different profiles to merge.', { reason: 'same_profile' });
  const from = await insiderOf(db, p.fromCik);
  const into = await insiderOf(db, p.intoCik);
  if (from.merged_into_cik != null)
    throw new AppError('CONFLICT', `CIK ${p.fromCik} is already merged into CIK ${from.merged_into_cik}.`, {
      reason: 'already_merged',
    });
  if (into.merged_into_cik != null)
    throw new AppError(
      'BAD_REQUEST',
      `CIK ${p.intoCik} is merged into CIK ${into.merged_into_cik}; merge into that profile instead.`,
      { reason: 'target_merged' },
    );
  await repo.repointMerged(db, { from: p.fromCik, into: p.intoCik, adminId: p.adminId });
  await repo.upsertEdit(db, { cik: p.fromCik, mergedIntoCik: p.intoCik, adminId: p.adminId });
  return { before: { from, into }, after: await insiderOf(db, p.intoCik) };
}
