/**
 * Real-time delivery of leased alerts: queued -> sending (committed before the provider is
 * called) -> sent with the provider's id. A send is keyed `alert:<id>` (the SMTP Message-ID
 * derives from it); a row found in 'sending' after its sender died is reconciled first.
 */
import { IMPORTANCE_RANK, isImportance } from '#shared/importance';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../integrations/email/mailer';
import { followsLines } from '../threads/threads.service';
import { publicUrl } from '../auth/request-info';
import { optOut } from '../auth/opt-out.repo';
import { alertEmail, alertSms, shortFilingUrl } from './alert-messages';
import { SEND_PARALLELISM } from './alerts.config';
import { deliverJob } from './alerts.jobs';
import { activeCopies } from './copy.repo';
import * as repo from './delivery.repo';
import { afterFailure, describeFailure, inFlight, reconcileStep, requeue, wakeup, type Outcome, type Target } from './delivery-steps';
import { smsStatusCallbackUrl } from './delivery-receipts.service';
import { messageContext } from './message-context';
import { quietUntil } from './quiet-hours';

/** Twilio: the recipient replied STOP to the sending number. */
const TWILIO_UNSUBSCRIBED = '21610';

/** Why a leased alert must not go out any more (settings changed since it was matched). */
function cancelReason(w: repo.AlertWork): string | null {
  if (!w.pro) return 'not_pro';
  if (!w.reachable) return w.channel === 'email' ? 'email_off' : 'sms_off';
  if (!w.above_threshold) return 'below_threshold';
  return null;
}

type Outgoing = { channel: 'email'; message: MailMessage } | { channel: 'sms'; to: string; body: string };

/**
 * The edited copy (/admin/message-templates), read once per delivery run and shared by its sends:
 * a save takes effect on the next run, and no process keeps an old text longer than one run.
 */
type CopyOf = () => Promise<Map<string, Record<string, string>>>;

const rankOf = (importance: string) => (isImportance(importance) ? IMPORTANCE_RANK[importance] : 0);

/** The message for an alert (and the burst sent with it): the most important filing heads it. */
async function compose(deps: AppDeps, w: repo.AlertWork, burst: repo.BurstRow[], copyOf: CopyOf): Promise<Outgoing> {
  const copies = await copyOf();
  const ctx = await messageContext(deps, { userId: w.user_id, brand: w.brand, timeZone: w.time_zone, channel: w.channel });
  const rows: repo.FilingFields[] = [w, ...burst];
  const follows = await followsLines(deps.db, { filingIds: rows.map((r) => Number(r.filing_id)), timeZone: w.time_zone });
  const facts = rows
    .map((r) => ({ ...repo.filingFacts(r), follows: follows.get(Number(r.filing_id)) ?? null }))
    .sort((a, b) => rankOf(b.importance) - rankOf(a.importance) || a.filedAt.getTime() - b.filedAt.getTime());
  const [head, ...rest] = facts;
  if (w.channel === 'email') {
    const routing = { route: w.route ?? 'realtime_email', settings: { emailMinRank: w.email_min_rank, smsMinRank: w.sms_min_rank } };
    return { channel: 'email', message: await alertEmail(w.email!, head!, ctx, { routing, burst: rest, copy: copies.get(rest.length ? 'burst-email' : 'alert-email') }) };
  }
  return { channel: 'sms', to: w.phone!, body: alertSms(head!, ctx, { burst: rest.length, copy: copies.get('alert-sms') }) };
}

/** The provider's id, and for email the SMTP server's acceptance (recorded as delivered, decision 208). */
async function send(deps: AppDeps, out: Outgoing, key: string, alertId: number): Promise<{ messageId: string; receipt: repo.Receipt | null }> {
  if (out.channel === 'email') {
    const { messageId, accepted } = await deps.mailer.send({ ...out.message, idempotencyKey: key });
    return { messageId, receipt: { status: 'accepted', response: accepted.response, delivered: true } };
  }
  const { sid } = await deps.sms.send({ to: out.to, body: out.body, idempotencyKey: key, statusCallback: smsStatusCallbackUrl(deps, alertId) ?? undefined });
  return { messageId: sid, receipt: null };
}

async function deliverOne(deps: AppDeps, w: repo.AlertWork, me: number, copyOf: CopyOf): Promise<Outcome> {
  const key = `alert:${w.id}`;
  const to = (w.channel === 'email' ? w.email : w.phone) ?? '';
  const t: Target = { table: 'alerts', id: w.id, me, job: wakeup(deliverJob, { alertIds: [w.id] }, key) };
  if (w.prev === 'sending') {
    const interrupted = { channel: w.channel, idempotencyKey: key, to, suffix: shortFilingUrl(publicUrl(deps), w.filing_id), since: w.sending_at ?? new Date(0) };
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
  const until = quietUntil(new Date(), { timeZone: w.time_zone, startMinute: w.quiet_start_minute, endMinute: w.quiet_end_minute });
  if (until) {
    await requeue(deps, t, { status: 'queued', at: until });
    return 'held';
  }
  // A fresh send names the company's other queued alerts of the burst in the same message.
  const burst = w.prev === 'queued' ? await repo.leaseBurst(deps.db, { lead: w, me }) : [];
  try {
    return await sendComposed(deps, w, me, key, to, burst, copyOf);
  } finally {
    // Unless they went out with this one, the burst's alerts go back to their own jobs.
    await repo.releaseLeases(deps.db, { ids: burst.map((b) => b.alert_id), me });
  }
}

async function sendComposed(deps: AppDeps, w: repo.AlertWork, me: number, key: string, to: string, burst: repo.BurstRow[], copyOf: CopyOf): Promise<Outcome> {
  const t: Target = { table: 'alerts', id: w.id, me, job: wakeup(deliverJob, { alertIds: [w.id] }, key) };
  // Composed before 'sending': a failure here cannot have reached the provider.
  const out = await compose(deps, w, burst, copyOf);
  const attempts = await repo.markSending(deps.db, { table: 'alerts', id: w.id, me });
  if (attempts == null) return 'lost_lease';
  try {
    const { messageId, receipt } = await send(deps, out, key, w.id);
    await repo.markSent(deps.db, { table: 'alerts', id: w.id, me, messageId, receipt });
    await repo.markBurstSent(deps.db, { ids: burst.map((b) => b.alert_id), leadId: w.id, me, messageId, receipt });
    void deps.metrics?.alertSent(deps.db, w.id).catch(() => {});
    return 'sent';
  } catch (error) {
    const failure = describeFailure(error);
    if (w.channel === 'sms' && failure.code === TWILIO_UNSUBSCRIBED) {
      await optOut(deps.db, { phone: to, keyword: 'carrier-stop' });
      await repo.release(deps.db, { table: 'alerts', id: w.id, me, state: { status: 'cancelled', code: 'opted_out', error: failure.message } });
      return 'cancelled';
    }
    return afterFailure(deps, t, failure, attempts);
  }
}

export type DeliveryCounts = Record<Outcome, number>;

/** The `alerts.deliver` job: leases the due alerts among `alertIds` and sends them. */
export async function deliverAlerts(deps: AppDeps, { alertIds }: { alertIds: number[] }): Promise<DeliveryCounts> {
  const me = await deps.senderIdentity.current();
  const work = await repo.leaseAlerts(deps.db, { ids: alertIds, me });
  let copies: ReturnType<CopyOf> | null = null;
  const copyOf: CopyOf = () => (copies ??= activeCopies(deps.db));
  const counts: DeliveryCounts = { sent: 0, reconciled: 0, retry: 0, dead: 0, cancelled: 0, held: 0, lost_lease: 0 };
  const pending = [...work];
  const done = new Set<number>();
  const lane = async () => {
    for (let w = pending.shift(); w; w = pending.shift()) {
      const alert = w;
      counts[await inFlight(deps, { table: 'alerts', id: alert.id }, () => deliverOne(deps, alert, me, copyOf))] += 1;
      done.add(alert.id);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(SEND_PARALLELISM, work.length) }, lane));
  } finally {
    await repo.releaseLeases(deps.db, { ids: work.filter((w) => !done.has(w.id)).map((w) => w.id), me });
  }
  return counts;
}
