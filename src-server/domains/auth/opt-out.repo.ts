import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOptOuts } from '../../db/schema';

/** Numbers in sms_opt_outs get no SMS at all (alerts join this table too). */
export async function isOptedOut(db: Db, params: { phone: string }): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, params.phone))
    .limit(1);
  return Boolean(row);
}

export async function optOut(db: Db, params: { phone: string; keyword: string }): Promise<void> {
  await db
    .insert(smsOptOuts)
    .values({ phone: params.phone, keyword: params.keyword })
    .onConflictDoUpdate({ target: smsOptOuts.phone, set: { keyword: params.keyword, optedOutAt: sql`now()` } });
}

export async function optIn(db: Db, params: { phone: string }): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, params.phone));
}
