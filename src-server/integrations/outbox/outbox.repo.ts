import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';

export type OutboxRow = typeof devOutbox.$inferSelect;
export type OutboxInsert = Omit<typeof devOutbox.$inferInsert, 'id' | 'createdAt'>;

/** Stores a message; a repeated idempotency key returns the first row instead of a copy. */
export async function insertOutboxMessage(db: Db, params: { message: OutboxInsert }): Promise<OutboxRow> {
  const [inserted] = await db.insert(devOutbox).values(params.message).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.idempotencyKey, params.message.idempotencyKey ?? ''))
    .limit(1);
  if (!existing) throw new Error('dev outbox insert returned nothing');
  return existing;
}

export async function listOutbox(db: Db, params: { limit: number }): Promise<OutboxRow[]> {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(params.limit);
}
