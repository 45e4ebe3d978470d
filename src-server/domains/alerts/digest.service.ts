/**
 * The daily digest for free verified users: at their digest hour (their time zone), one email
 * with every new entry, grouped by ticker, most important first; no email when nothing is new.
 * A free user reachable only by phone gets it as one text (digestSms).
 * The digest row is unique per user and local date, so any number of sweeps and workers send
 * it once; its send follows the same crash-safe states as an alert (key `digest:<id>`).
 */
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { followsLines } from '../threads/threads.service';
import type { MailMessage } from '../../integrations/email/mailer';
import { digestEmail, digestSms, type FilingFacts } from './alert-messages';
import { activeCopies } from './copy.repo';
import * as delivery from './delivery.repo';
import {
  afterFailure,
  describeFailure,
  leaseMarked,
  reconcileStep,
  wakeup,
  type Outcome,
  type Target,
} from './delivery-steps';
import { digestJob } from './alerts.jobs';
import * as repo from './digest.repo';
import { messageContext } from './message-context';

async function finish(
  deps: AppDeps,
  t: Target,
  state: { status: 'sent'; messageId: string; sentAt?: Date | null } | { status: 'cancelled'; code: string },
) {
  await deps.db.transaction(async (tx) => {
    if (state.status === 'sent') {
      await delivery.markSent(tx, {
        table: 'alert_digests',
        id: t.id,
        me: t.me,
        messageId: state.messageId,
        sentAt: state.sentAt,
      });
      await repo.settleEntries(tx, { digestId: t.id, status: 'sent', messageId: state.messageId });
    } else {
      await delivery.release(tx, {
        table: 'alert_digests',
        id: t.id,
        me: t.me,
        state: { status: 'cancelled', code: state.code },
      });
      await repo.settleEntries(tx, { digestId: t.id, status: 'cancelled', code: state.code });
    }
  });
}

/** Stored filings as a digest lists them, each with its story-thread line. */
export async function digestFilings(db: Db, rows: delivery.FilingFields[], timeZone: string): Promise<FilingFacts[]> {
  const follows = await followsLines(db, { filingIds: rows.map((e) => Number(e.filing_id)), timeZone });
  return rows.map((e) => ({ ...delivery.filingFacts(e), follows: follows.get(Number(e.filing_id)) ?? null }));
}

/** Sends the built digest by email, or by text to a free user reachable only by phone. */
async function sendDigest(
  deps: AppDeps,
  d: repo.DigestWork,
  key: string,
  build: () => Promise<{ email: MailMessage } | { sms: string }>,
): Promise<string> {
  const message = await build();
  if ('email' in message) return (await deps.mailer.send({ ...message.email, idempotencyKey: key })).messageId;
  return (await deps.sms.send({ to: d.phone!, body: message.sms, idempotencyKey: key })).sid;
}

async function deliver(deps: AppDeps, d: repo.DigestWork, me: number): Promise<Outcome> {
  const key = `digest:${d.id}`;
  const t: Target = { table: 'alert_digests', id: d.id, me, job: wakeup(digestJob, { digestId: d.id }, key) };
  const bySms = !d.reachable && d.sms_reachable;
  if (d.prev === 'sending') {
    const interrupted = {
      channel: bySms ? ('sms' as const) : ('email' as const),
      idempotencyKey: key,
      to: (bySms ? d.phone : d.email) ?? '',
      since: d.sending_at ?? new Date(0),
    };
    const step = await reconcileStep(deps, t, interrupted, d.attempts, (messageId) =>
      finish(deps, t, { status: 'sent', messageId, sentAt: d.sending_at }),
    );
    if (step !== 'absent') return step;
  }
  const entries = await repo.digestEntries(deps.db, { digestId: d.id });
  if (!(d.reachable || bySms) || entries.length === 0) {
    await finish(deps, t, { status: 'cancelled', code: d.reachable || bySms ? 'empty' : 'email_off' });
    return 'cancelled';
  }
  const ctx = await messageContext(deps, {
    userId: d.user_id,
    brand: d.brand,
    timeZone: d.time_zone,
    channel: bySms ? 'sms' : d.kind === 'brief' ? 'email' : 'digest',
  });
  const filings = await digestFilings(deps.db, entries, d.time_zone);
  // The edited subject and heading (/admin/message-templates), read at send time: an edit goes out with the next digest.
  const copy = (await activeCopies(deps.db)).get(d.kind === 'brief' ? 'brief-email' : 'digest-email') ?? null;
  const build = async () =>
    bySms
      ? { sms: digestSms(filings, { ...ctx, localDate: d.local_date }) }
      : {
          email: await digestEmail(d.email!, filings, {
            ...ctx,
            copy,
            localDate: d.local_date,
            kind: d.kind,
            pro: d.pro,
            routing: { emailMinRank: d.email_min_rank, smsMinRank: d.sms_min_rank },
          }),
        };
  const attempts = await delivery.markSending(deps.db, { table: 'alert_digests', id: d.id, me });
  if (attempts == null) return 'lost_lease';
  try {
    const messageId = await sendDigest(deps, d, key, build);
    await finish(deps, t, { status: 'sent', messageId });
    return 'sent';
  } catch (error) {
    const outcome = await afterFailure(deps, t, describeFailure(error), attempts);
    if (outcome === 'dead')
      await repo.settleEntries(deps.db, { digestId: d.id, status: 'dead', code: 'digest_failed' });
    return outcome;
  }
}

/** The `alerts.digest` job. */
export async function deliverDigest(deps: AppDeps, { digestId }: { digestId: number }): Promise<Outcome | 'not_due'> {
  const me = await deps.senderIdentity.current();
  const [work] = await leaseMarked(deps, 'alert_digests', [digestId], async () => {
    const leased = await repo.leaseDigest(deps.db, { id: digestId, me });
    return leased ? [leased] : [];
  });
  if (!work) return 'not_due';
  try {
    return await deliver(deps, work, me);
  } finally {
    deps.senderIdentity.inFlight.delete(`alert_digests:${digestId}`);
  }
}

/** The sweep's digest step: opens the digests that are due now (their jobs send them). */
export function openDueDigests(deps: AppDeps): Promise<number> {
  return repo.openDueDigests(deps.db, { limit: 5_000 });
}

/**
 * The sweep's brief step: rows whose morning's brief already went out are emailed at once, then
 * the pre-market briefs whose time has come are opened.
 */
export async function openDueBriefs(deps: AppDeps): Promise<number> {
  await repo.releaseLateBriefRows(deps.db);
  return repo.openDueBriefs(deps.db, { limit: 5_000 });
}
