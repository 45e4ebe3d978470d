/** Rules of /admin/duplicates: list findings page by page, mark one "not a duplicate". */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import * as repo from './duplicates.repo';
import { decodeCursor, pageOf } from './keyset';

export async function listDuplicates(
  db: Db,
  p: { kind?: repo.DuplicateKind | null; cursor?: string | null; limit: number },
) {
  const key = decodeCursor(p.cursor, 2);
  const rows = await repo.listDuplicates(db, {
    kind: p.kind,
    after: key ? [String(key[0]), String(key[1])] : null,
    limit: p.limit + 1,
  });
  return pageOf(rows, p.limit, (r) => [r.kind, r.key]);
}

/** Stored so the finding stops appearing; only a current finding can be dismissed (a typo is a 404, not a silent row). */
export async function markNotDuplicate(
  db: Db,
  p: { kind: repo.DuplicateKind; key: string; note: string | null; adminId: string },
) {
  const [finding] = await repo.listDuplicates(db, { kind: p.kind, key: p.key, after: null, limit: 1 });
  if (!finding)
    throw new AppError('NOT_FOUND', 'No open duplicate finding with that kind and key.', {
      reason: 'duplicate_not_found',
    });
  await repo.recordDecision(db, {
    kind: p.kind,
    key: p.key,
    decision: 'not_duplicate',
    note: p.note,
    adminId: p.adminId,
  });
  return finding;
}
