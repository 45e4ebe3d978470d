/**
 * Real-time delivery of leased alerts: queued -> sending (committed before the provider is
 * called) -> sent with the provider's id. A send is keyed `alert:<id>` (the SMTP Message-ID
 * derives from it); a row found in 'sending' after its sender died is reconciled first.
 */
import { IMPORTANCE_RANK, isImportance } from '#shared/importance';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../integrations/email/mailer';
import { followsLines } from '../threads/threads.service';
import { brandLinkBase } from '../auth/request-info';
import { optOut } from '../auth/opt-out.repo';
import { alertSms, shortFilingUrl } from './alert-messages';
import { alertSettings, DELIVER_JOB_ATTEMPTS } from './alerts.config';
import { deliverJob } from './alerts.jobs';
import { activeCopies } from './copy.repo';
import * as repo from './delivery.repo';
import {
  afterFailure,
  describeFailure,
  inFlight,
  leaseMarked,
  reconcileStep,
  requeue,
  wakeup,
  type Outcome,
  type Target,
} from './delivery-steps';
import { smsStatusCallbackUrl } from './delivery-receipts.service';
import { messageContext } from './message-context';
import { quietUntil } from './quiet-hours';
import { sharedAlertEmail } from './shared-alert-email';
import { reportAlertLinesOf } from '../reports/report-alert';
import { deliverToHook, hookIdOf } from '../webhooks/webhooks.service';
import type { WebhookEvent } from '../../integrations/webhook/formats';
import { webhookEventOf } from './webhook-event';
import type { PushMessage, PushOptions } from '../push/push.service';
import { alertPush, pushOptions } from './push-message';
import { PUSH_GONE, sendPush } from './push-send';

/** Twilio: the recipient replied STOP to the sending number. */
const TWILIO_UNSUBSCRIBED = '21610';

/** Why a leased alert must not go out any more (settings changed since it was matched). */
function cancelReason(w: repo.AlertWork): string | null {
  if (!w.pro) return 'not_pro';
  if (!w.reachable) return hookIdOf(w.channel) ? 'hook_off' : `${w.channel}_off`;
  if (!w.above_threshold) return 'below_threshold';
  return null;
}

type Outgoing =
  | { channel: 'email'; message: MailMessage }
  | { channel: 'sms'; to: string; body: string }
  | { channel: 'hook'; hookId: string; event: WebhookEvent }
  | { channel: 'push'; userId: string; message: PushMessage; options: PushOptions };

type FollowsLines = Awaited<ReturnType<typeof followsLines>>;
type ChangeLines = Awaited<ReturnType<typeof reportAlertLinesOf>>;
type ChangeFilings = Parameters<typeof reportAlertLinesOf>[1]['filings'];

/**
 * What a delivery run reads once and shares among its sends: the edited copy
 * (/admin/message-templates; a save takes effect on the next run, and no process keeps an old
 * text longer than one run), and each filing set's thread and report-change lines (a popular
 * filing's 200 alerts in one job name the same filing: one look-up, not 200).
 */
interface RunMemo {
  copies(): Promise<Map<string, Record<string, string>>>;
  follows(filingIds: number[], timeZone: string): Promise<FollowsLines>;
  changes(filings: ChangeFilings): Promise<ChangeLines>;
}

function runMemo(deps: AppDeps): RunMemo {
  const kept = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let value = kept.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      kept.set(key, value);
      value.catch(() => kept.delete(key));
    }
    return value;
  };
  return {
    copies: () => once('copies', () => activeCopies(deps.db)),
    follows: (filingIds, timeZone) =>
      once(`follows:${timeZone}:${filingIds.join(',')}`, () => followsLines(deps.db, { filingIds, timeZone })),
    changes: (filings) =>
      once(`changes:${filings.map((f) => `${f.filingId}/${f.formType}`).join(',')}`, () =>
        reportAlertLinesOf(deps.db, { filings }),
      ),
  };
}

const rankOf = (importance: string) => (isImportance(importance) ? IMPORTANCE_RANK[importance] : 0);

/** The message for an alert (and the burst sent with it): the most important filing heads it. */
async function compose(deps: AppDeps, w: repo.AlertWork, burst: repo.BurstRow[], memo: RunMemo): Promise<Outgoing> {
  if (w.channel === 'push') {
    const changes = await memo.changes(
      [w, ...burst].map((r) => ({ filingId: Number(r.filing_id), formType: r.form_type })),
    );
    const rows = [w, ...burst].map((r) => ({
      ...repo.filingFacts(r),
      reportChange: changes.get(Number(r.filing_id)) ?? null,
    }));
    const [head] = rows.sort((a, b) => rankOf(b.importance) - rankOf(a.importance));
    return {
      channel: 'push',
      userId: w.user_id,
      message: alertPush(head!, { burst: burst.length }),
      options: pushOptions(head!, w.id),
    };
  }
  const hookId = hookIdOf(w.channel);
  const rows: repo.FilingFields[] = [w, ...burst];
  // A webhook event carries no thread lines, edited copy or unsubscribe link: those are read for email and SMS only.
  const follows = hookId
    ? null
    : await memo.follows(
        rows.map((r) => Number(r.filing_id)),
        w.time_zone,
      );
  const changes = await memo.changes(rows.map((r) => ({ filingId: Number(r.filing_id), formType: r.form_type })));
  const facts = rows
    .map((r) => ({
      ...repo.filingFacts(r),
      follows: follows?.get(Number(r.filing_id)) ?? null,
      reportChange: changes.get(Number(r.filing_id)) ?? null,
    }))
    .sort((a, b) => rankOf(b.importance) - rankOf(a.importance) || a.filedAt.getTime() - b.filedAt.getTime());
  if (hookId) {
    const event = webhookEventOf(facts, {
      key: `alert:${w.id}`,
      brand: w.brand,
      publicUrl: brandLinkBase(deps, w.brand),
    });
    return { channel: 'hook', hookId, event };
  }
  const [head, ...rest] = facts;
  const copies = await memo.copies();
  const ctx = await messageContext(deps, {
    userId: w.user_id,
    brand: w.brand,
    timeZone: w.time_zone,
    channel: w.channel === 'email' ? 'email' : 'sms',
  });
  if (w.channel === 'email') {
    const routing = {
      route: w.route ?? 'realtime_email',
      settings: { emailMinRank: w.email_min_rank, smsMinRank: w.sms_min_rank },
    };
    return {
      channel: 'email',
      message: await sharedAlertEmail(w.email!, head!, ctx, {
        routing,
        burst: rest,
        copy: copies.get(rest.length ? 'burst-email' : 'alert-email'),
      }),
    };
  }
  return {
    channel: 'sms',
    to: w.phone!,
    body: alertSms(head!, ctx, { burst: rest.length, copy: copies.get('alert-sms') }),
  };
}

/** The provider's id, and for email the SMTP server's acceptance (recorded as delivered, decision 208). */
async function send(
  deps: AppDeps,
  out: Outgoing,
  key: string,
  alertId: number,
): Promise<{ messageId: string; receipt: repo.Receipt | null }> {
  if (out.channel === 'push') return sendPush(deps, out);
  if (out.channel === 'hook') {
    // A 2xx is the receiver's acceptance, as SMTP's 250 is for email; the body is never kept.
    const { status } = await deliverToHook(deps, { hookId: out.hookId, event: out.event });
    return { messageId: key, receipt: { status: 'accepted', response: `HTTP ${status}`, delivered: true } };
  }
  if (out.channel === 'email') {
    const { messageId, accepted } = await deps.mailer.send({ ...out.message, idempotencyKey: key });
    return { messageId, receipt: { status: 'accepted', response: accepted.response, delivered: true } };
  }
  const { sid } = await deps.sms.send({
    to: out.to,
    body: out.body,
    idempotencyKey: key,
    statusCallback: smsStatusCallbackUrl(deps, alertId) ?? undefined,
  });
  return { messageId: sid, receipt: null };
}

async function deliverOne(deps: AppDeps, w: repo.AlertWork, me: number, memo: RunMemo): Promise<Outcome> {
  const key = `alert:${w.id}`;
  const to = (w.channel === 'email' ? w.email : w.channel === 'sms' ? w.phone : w.user_id) ?? '';
  const t: Target = { table: 'alerts', id: w.id, me, job: wakeup(deliverJob, { alertIds: [w.id] }, key) };
  // A webhook cannot be asked whether an interrupted POST arrived: it goes again with the same
  // Filing-Delivery id, which receivers use to drop a repeat.
  if (w.prev === 'sending' && !hookIdOf(w.channel)) {
    const interrupted = {
      channel: w.channel as 'email' | 'sms' | 'push',
      idempotencyKey: key,
      to,
      suffix: shortFilingUrl(brandLinkBase(deps, w.brand), w.filing_id),
      since: w.sending_at ?? new Date(0),
    };
    const step = await reconcileStep(deps, t, interrupted, w.attempts, (messageId) =>
      repo.markSent(deps.db, { table: 'alerts', id: w.id, me, messageId, sentAt: w.sending_at }),
    );
    if (step !== 'absent') return step;
  }
  const reason = cancelReason(w);
  if (reason) {
    await repo.release(deps.db, { table: 'alerts', id: w.id, me, state: { status: 'cancelled', code: reason } });
    return 'cancelled';
  }
  const until = quietUntil(new Date(), {
    timeZone: w.time_zone,
    startMinute: w.quiet_start_minute,
    endMinute: w.quiet_end_minute,
  });
  if (until) {
    await requeue(deps, t, { status: 'queued', at: until });
    return 'held';
  }
  // A fresh send names the company's other queued alerts of the burst in the same message.
  const burst = w.prev === 'queued' ? await repo.leaseBurst(deps.db, { lead: w, me }) : [];
  try {
    return await sendComposed(deps, w, me, key, to, burst, memo);
  } finally {
    // Unless they went out with this one, the burst's alerts go back to their own jobs.
    await untilRecorded(() => repo.releaseLeases(deps.db, { ids: burst.map((b) => b.alert_id), me }));
  }
}

async function sendComposed(
  deps: AppDeps,
  w: repo.AlertWork,
  me: number,
  key: string,
  to: string,
  burst: repo.BurstRow[],
  memo: RunMemo,
): Promise<Outcome> {
  // Composed before 'sending': a failure here cannot have reached the provider.
  const out = await compose(deps, w, burst, memo);
  const attempts = await repo.markSending(deps.db, { table: 'alerts', id: w.id, me });
  if (attempts == null) return 'lost_lease';
  try {
    const { messageId, receipt } = await send(deps, out, key, w.id);
    await untilRecorded(() => repo.markSent(deps.db, { table: 'alerts', id: w.id, me, messageId, receipt }));
    await untilRecorded(() =>
      repo.markBurstSent(deps.db, { ids: burst.map((b) => b.alert_id), leadId: w.id, me, messageId, receipt }),
    );
    void deps.metrics?.alertsSent(deps.db, [w.id]).catch(() => {});
    return 'sent';
  } catch (error) {
    return afterSendError(deps, w, me, to, attempts, error);
  }
}

/** A send that threw: cancelled (push gone, number replied STOP), dead-lettered or retried. */
async function afterSendError(
  deps: AppDeps,
  w: repo.AlertWork,
  me: number,
  to: string,
  attempts: number,
  error: unknown,
): Promise<Outcome> {
  const key = `alert:${w.id}`;
  const t: Target = { table: 'alerts', id: w.id, me, job: wakeup(deliverJob, { alertIds: [w.id] }, key) };
  const failure = describeFailure(error);
  const cancel = async (code: string): Promise<Outcome> => {
    await repo.release(deps.db, {
      table: 'alerts',
      id: w.id,
      me,
      state: { status: 'cancelled', code, error: failure.message },
    });
    return 'cancelled';
  };
  if (w.channel === 'push' && failure.code === PUSH_GONE) return cancel('push_expired');
  if (w.channel === 'sms' && failure.code === TWILIO_UNSUBSCRIBED) {
    await optOut(deps.db, { phone: to, keyword: 'carrier-stop' });
    return cancel('opted_out');
  }
  return afterFailure(deps, t, failure, attempts);
}

/**
 * The provider has the message: its 'sent' mark must land. A database that dropped its connections
 * (a restart, a failover) is waited out for up to RECORD_WAIT_MS, since a failed mark would leave
 * the row 'sending' and, without a relay log, the message would go again (issue 27).
 */
const RECORD_WAIT_MS = 30_000;
async function untilRecorded<T>(write: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + RECORD_WAIT_MS;
  for (;;) {
    try {
      return await write();
    } catch (err) {
      if (Date.now() > giveUpAt) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export type DeliveryCounts = Record<Outcome, number>;

/**
 * The `alerts.deliver` job: leases the due alerts among `alertIds` and sends them, in waves of
 * ALERT_SEND_PARALLELISM. A wave's plain alerts (a fresh email or text, nothing to cancel, hold,
 * reconcile or bundle) go as a group: composed (a shared render), marked 'sending' in one statement,
 * sent concurrently (over the mailer's pooled connections), and marked sent as they are answered.
 * The rest go one by one as before (deliverOne).
 */
export async function deliverAlerts(deps: AppDeps, { alertIds }: { alertIds: number[] }): Promise<DeliveryCounts> {
  const me = await deps.senderIdentity.current();
  // Leased rows are this process's work from the lease on (leaseMarked), not only while their wave
  // sends: a row leased in 'sending' (its sender died) waits here for its wave, and the sweep's
  // unclaimStuck must not open it to another process meanwhile, or both would send it (1,002-1,004
  // messages of 1,000 in the crash test on a loaded machine).
  const work = await leaseMarked(deps, 'alerts', alertIds, () => repo.leaseAlerts(deps.db, { ids: alertIds, me }));
  const memo = runMemo(deps);
  const parallelism = alertSettings(deps.env).sendParallelism;
  const counts: DeliveryCounts = { sent: 0, reconciled: 0, retry: 0, dead: 0, cancelled: 0, held: 0, lost_lease: 0 };
  const pending = [...work];
  const done = new Set<number>();
  // Stopping (SIGTERM): sends under way finish and are marked, nothing new starts; the rest is handed back.
  const next = () => (deps.status.stopping ? undefined : pending.shift());
  try {
    // Leads that may name a burst are sent one by one, leasing their burst (deliverOne).
    const bursty = await repo.leadsWithBurst(deps.db, { leads: work.filter((w) => w.prev === 'queued') });
    for (;;) {
      const group: repo.AlertWork[] = [];
      const singles: repo.AlertWork[] = [];
      while (group.length + singles.length < parallelism) {
        const w = next();
        if (!w) break;
        (isPlain(w, bursty) ? group : singles).push(w);
      }
      if (group.length + singles.length === 0) break;
      const one = async (w: repo.AlertWork) => {
        counts[await inFlight(deps, { table: 'alerts', id: w.id }, () => deliverOne(deps, w, me, memo))] += 1;
        done.add(w.id);
      };
      const grouped = async () => {
        for (const [id, outcome] of await sendGroup(deps, group, me, memo)) {
          counts[outcome] += 1;
          done.add(id);
        }
      };
      await Promise.all([grouped(), ...singles.map(one)]);
    }
  } finally {
    try {
      await handBack(deps, { ids: work.filter((w) => !done.has(w.id)).map((w) => w.id), me });
    } finally {
      // This job's marks only: another job of the process may hold some of these rows by now.
      for (const w of work) deps.senderIdentity.inFlight.delete(`alerts:${w.id}`);
    }
  }
  return counts;
}

/** A fresh email or text that goes out as it is: nothing to reconcile, cancel, hold for quiet hours or bundle. */
function isPlain(w: repo.AlertWork, bursty: ReadonlySet<number>): boolean {
  if (w.prev !== 'queued' || (w.channel !== 'email' && w.channel !== 'sms')) return false;
  if (bursty.has(w.id) || cancelReason(w)) return false;
  return !quietUntil(new Date(), {
    timeZone: w.time_zone,
    startMinute: w.quiet_start_minute,
    endMinute: w.quiet_end_minute,
  });
}

/**
 * Sends a group of plain alerts together. Every row is marked 'sending' (committed) before any is
 * handed to the provider, so a crash leaves at most this group in flight; each answered send is
 * marked sent in the next write (writes run one after another, each taking every answer so far).
 */
async function sendGroup(
  deps: AppDeps,
  group: repo.AlertWork[],
  me: number,
  memo: RunMemo,
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  if (group.length === 0) return outcomes;
  const keys = group.map((w) => `alerts:${w.id}`);
  for (const key of keys) deps.senderIdentity.inFlight.add(key);
  try {
    // Composed before 'sending': a failure here cannot have reached the provider.
    const messages = await Promise.all(group.map((w) => compose(deps, w, [], memo)));
    const attempts = await repo.markSendingMany(deps.db, { ids: group.map((w) => w.id), me });
    const marks = sentMarks(deps, me);
    await Promise.all(
      group.map(async (w, i) => {
        const tries = attempts.get(w.id);
        if (tries == null) return void outcomes.set(w.id, 'lost_lease');
        const to = (w.channel === 'email' ? w.email : w.phone) ?? '';
        try {
          const { messageId, receipt } = await send(deps, messages[i]!, `alert:${w.id}`, w.id);
          marks.add({ id: w.id, messageId, receipt });
          outcomes.set(w.id, 'sent');
        } catch (error) {
          outcomes.set(w.id, await afterSendError(deps, w, me, to, tries, error));
        }
      }),
    );
    await marks.settled();
  } finally {
    for (const key of keys) deps.senderIdentity.inFlight.delete(key);
  }
  return outcomes;
}

/** Answers gathered for one sent-mark write; the rest are written when the group's sends are all answered. */
const MARK_EVERY = 8;

/**
 * Sent marks written as answers arrive, MARK_EVERY at a time (one write at a time, each taking
 * every answer waiting), the rest when the group is done: a handful of writes per group rather
 * than one per message. The group's first answer is written at once: a popular filing's first
 * watcher is not told 'sent' only after seven others (decision 331). Until marked a row stays
 * 'sending', one of the group's messages in flight.
 */
function sentMarks(deps: AppDeps, me: number) {
  let answered = 0;
  let waiting: repo.SentRow[] = [];
  let writes: Promise<void> = Promise.resolve();
  const marked: number[] = [];
  const flush = () => {
    writes = writes.then(async () => {
      const rows = waiting;
      waiting = [];
      if (rows.length === 0) return;
      await untilRecorded(() => repo.markSentMany(deps.db, { rows, me }));
      marked.push(...rows.map((r) => r.id));
    });
  };
  return {
    add(row: repo.SentRow) {
      answered += 1;
      waiting.push(row);
      if (answered === 1 || waiting.length === MARK_EVERY) flush();
    },
    async settled() {
      flush();
      await writes;
      void deps.metrics?.alertsSent(deps.db, marked).catch(() => {});
    },
  };
}

/**
 * Leases not sent go back to the queue. At a stop they get a job of their own at once, so another
 * process sends them now rather than at the sweep's overdue check two minutes later.
 */
async function handBack(deps: AppDeps, { ids, me }: { ids: number[]; me: number }): Promise<void> {
  await untilRecorded(() => repo.releaseLeases(deps.db, { ids, me }));
  if (ids.length === 0 || !deps.status.stopping) return;
  await wakeup(deliverJob, { alertIds: ids }, `alerts-handback:${ids[0]}`)
    .enqueue(deps.db, { runAt: new Date(), maxAttempts: DELIVER_JOB_ATTEMPTS })
    .catch((err: unknown) =>
      deps.logger?.warn({ err }, 'handing back alerts at stop: no job (the sweep requeues them)'),
    );
}
