/**
 * Deadline watch for periodic reports: from each watched company's last 10-Q/10-K and its filer
 * status, the next report and its due date (core/deadlines.ts); an NT notice extends it; the
 * morning after a missed due date (07:00 New York) the watchers get a "10-Q overdue" email, once.
 * Only periods due since the company was first watched count: the app knows nothing of older ones.
 */
import { NEW_YORK, addDays, zonedParts } from '#shared/calendar';
import { filerStatusOf, nextPeriod, periodicDueDate, type FilerStatus } from '#shared/deadlines';
import type { AppDeps } from '../../deps';
import { tickerPageUrl } from '../alerts/alert-messages';
import { messageContext } from '../alerts/message-context';
import * as repo from './deadlines.repo';

/** The overdue alert goes out from this New York time on the day after the due date. */
const OVERDUE_MINUTE = 7 * 60;
/** Re-deriving deadlines is a scan of watched companies: at most this often per process. */
const REFRESH_MS = 10 * 60_000;

export async function refreshDeadlines(deps: AppDeps): Promise<number> {
  let opened = 0;
  for (const r of await repo.lastReports(deps.db)) {
    const status = filerStatusOf(r.filer_category);
    if (!status) continue;
    const fyeMonth = r.fiscal_year_end ? Number(r.fiscal_year_end.slice(0, 2)) : null;
    const next = nextPeriod({ periodEnd: r.period_end }, fyeMonth);
    const dueOn = periodicDueDate(next.form, next.periodEnd, status);
    // Only periods the app has watched: a report due before anyone watched the company was never looked
    // for (a new user must not read "10-Q overdue: due 2020-05-11" minutes after subscribing).
    if (dueOn < r.watched_since) continue;
    await repo.openDeadline(deps.db, {
      cik: r.cik,
      form: next.form,
      periodEnd: next.periodEnd,
      dueOn,
      filerStatus: status,
    });
    opened += 1;
  }
  const { extended } = await repo.settleDeadlines(deps.db);
  for (const d of extended) {
    const form = d.form === '10-K' ? '10-K' : '10-Q';
    await repo.extendDeadline(deps.db, {
      id: Number(d.id),
      dueOn: periodicDueDate(form, d.period_end, d.filer_status as FilerStatus, { extended: true }),
    });
  }
  return opened;
}

/** The sweep's step: refresh deadlines now and then, mark the missed ones the morning after, tell watchers. */
export async function watchDeadlines(deps: AppDeps, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const state = deps.deadlineRefresh;
  if (now.getTime() - state.at >= REFRESH_MS) {
    state.at = now.getTime();
    await refreshDeadlines(deps);
  } else {
    await repo.settleDeadlines(deps.db);
  }
  const local = zonedParts(now, NEW_YORK);
  // Past 07:00 today, anything due before today is overdue; earlier, only what was due before yesterday.
  const today = local.minute >= OVERDUE_MINUTE ? local.date : addDays(local.date, -1);
  await repo.markOverdue(deps.db, { today });
  let sent = 0;
  for (const d of await repo.overdueUntold(deps.db)) sent += await notifyOverdue(deps, d);
  return sent;
}

async function notifyOverdue(deps: AppDeps, d: repo.OverdueRow): Promise<number> {
  let sent = 0;
  for (const t of await repo.noticeTargets(deps.db, { deadlineId: Number(d.id), cik: d.cik, form: d.form })) {
    const ctx = await messageContext(deps, {
      userId: t.user_id,
      brand: t.brand,
      timeZone: t.time_zone,
      channel: 'email',
    });
    const key = `overdue:${d.id}:${t.user_id}`;
    const subject = `${t.ticker} ${d.form} overdue: due ${d.due_on}, not filed`;
    const text = [
      `${d.name} (${t.ticker}) has not filed its ${d.form} for the period ended ${d.period_end}. It was due ${d.due_on}.`,
      'A missed deadline without a notice of late filing (NT) can mean accounting trouble or a coming restatement.',
      '',
      `${t.ticker} on ${ctx.brandName}: ${tickerPageUrl(ctx.publicUrl, t.ticker)}`,
      '',
      '--',
      `You get this because ${t.ticker} is on your ${ctx.brandName} watchlist with ${d.form} alerts on.`,
      `Unsubscribe: ${ctx.unsubscribeUrl}`,
    ].join('\n');
    const { messageId } = await deps.mailer.send({
      to: t.email,
      subject,
      text,
      idempotencyKey: key,
      headers: { 'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await repo.recordNotice(deps.db, { deadlineId: Number(d.id), userId: t.user_id, messageId });
    sent += 1;
  }
  return sent;
}
