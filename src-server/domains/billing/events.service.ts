/**
 * Stripe events: accepted fast (recorded once by id, a job queued in the same transaction), then
 * handled by the job: bind a checkout's customer if needed, sync the customer from Stripe, and
 * queue the emails an event asks for (after re-reading the invoice, so a stale failure notice
 * for an invoice paid since says nothing). A daily reconciliation replays events Stripe could
 * not deliver and re-syncs paying customers.
 */
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps';
import type { StripeAccess } from '../../integrations/stripe/stripe-access';
import { customerOfEvent } from '../../integrations/stripe/webhook-events';
import { enqueue } from '../../jobs/job';
import { eventJob, syncJob } from './billing.jobs';
import * as repo from './billing.repo';
import { addNotice } from './notices.service';
import { syncCustomer } from './sync.service';

/** Events that can change an entitlement or call for an email; others are acknowledged and dropped. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'customer.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'invoice.marked_uncollectible',
]);

export type AcceptOutcome =
  | { received: true; duplicate: boolean }
  | { received: true; ignored: 'livemode' | 'event_type' };

/** The webhook request's work: one insert and one job, so Stripe gets its 200 at once. */
export async function acceptEvent(deps: AppDeps, access: StripeAccess, event: Stripe.Event): Promise<AcceptOutcome> {
  // A test-mode event must never change a live account (and the reverse).
  if (event.livemode !== access.livemode) return { received: true, ignored: 'livemode' };
  if (!HANDLED_EVENTS.has(event.type)) return { received: true, ignored: 'event_type' };
  const inserted = await deps.db.transaction(async (tx) => {
    const fresh = await repo.recordEvent(tx, {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      livemode: event.livemode,
      customerId: customerOfEvent(event),
      payload: event,
    });
    if (fresh)
      await enqueue(tx, eventJob, { eventId: event.id }, { jobKey: `stripe-event:${event.id}`, maxAttempts: 12 });
    return fresh;
  });
  return { received: true, duplicate: !inserted };
}

const invoiceSubscription = (invoice: Stripe.Invoice) => {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === 'string' ? sub : (sub?.id ?? null);
};

/** Binds the customer a completed checkout used to the user it names, when that user has none yet. */
async function bindCheckout(deps: AppDeps, access: StripeAccess, session: Stripe.Checkout.Session): Promise<void> {
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const userId = session.client_reference_id;
  if (!customerId || !userId || !/^[0-9a-f-]{36}$/i.test(userId)) return;
  if (await repo.findUserByCustomer(deps.db, { customerId })) return;
  // The customer's own metadata must name the same user: a session body alone proves nothing.
  const customer = await access.client.customers.retrieve(customerId);
  if ('deleted' in customer && customer.deleted) return;
  if ((customer as Stripe.Customer).metadata?.userId !== userId) return;
  await repo.bindCustomer(deps.db, { userId, customerId });
}

async function invoiceNotices(deps: AppDeps, access: StripeAccess, event: Stripe.Event, userId: string): Promise<void> {
  const sent = event.data.object as Stripe.Invoice;
  // The invoice as it is now: paid since, or voided, means there is nothing to ask for.
  const invoice = await access.client.invoices.retrieve(sent.id!);
  if (invoice.status !== 'open') return;
  const base = { amountDue: invoice.amount_due, invoice: invoice.id };
  await deps.db.transaction(async (tx) => {
    if (event.type === 'invoice.payment_action_required') {
      await addNotice(tx, {
        userId,
        kind: 'action_required',
        dedupeKey: `action_required:${invoice.id}:${invoice.attempt_count}`,
        details: { ...base, url: invoice.hosted_invoice_url },
      });
      return;
    }
    const addon = invoice.billing_reason === 'subscription_update';
    const user = await repo.findUser(tx, { userId });
    await addNotice(tx, {
      userId,
      kind: addon ? 'addon_payment_failed' : 'payment_failed',
      dedupeKey: `payment_failed:${invoice.id}:${invoice.attempt_count}`,
      details: {
        ...base,
        nextAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000).toISOString() : null,
        expiresAt: user?.pendingUpdateExpiresAt?.toISOString() ?? null,
        subscription: invoiceSubscription(invoice),
      },
    });
  });
}

/** The billing.event job. Throws to be retried; an event handled once is not handled again. */
export async function processEvent(
  deps: AppDeps,
  access: StripeAccess,
  params: { eventId: string },
): Promise<'processed' | 'skipped'> {
  const row = await repo.loadEvent(deps.db, { id: params.eventId });
  if (!row || row.processedAt) return 'skipped';
  const event = row.payload as Stripe.Event;
  try {
    if (event.type === 'checkout.session.completed')
      await bindCheckout(deps, access, event.data.object as Stripe.Checkout.Session);
    const customerId = row.customerId;
    if (customerId) {
      const outcome = await syncCustomer(deps, access, { customerId });
      if (outcome.userId) {
        if (event.type === 'invoice.payment_failed' || event.type === 'invoice.payment_action_required') {
          await invoiceNotices(deps, access, event, outcome.userId);
        }
        if (event.type === 'customer.subscription.pending_update_expired') {
          const previous = (event.data.previous_attributes ?? {}) as {
            pending_update?: Stripe.Subscription.PendingUpdate | null;
          };
          const packs =
            previous.pending_update?.subscription_items?.find((i) => i.price.lookup_key === access.lookupKeys.addon)
              ?.quantity ?? null;
          await deps.db.transaction((tx) =>
            addNotice(tx, {
              userId: outcome.userId!,
              kind: 'addon_change_expired',
              dedupeKey: `addon_change_expired:${event.id}`,
              details: { packs },
            }),
          );
        }
      }
      if (event.type === 'customer.deleted') await repo.unbindCustomer(deps.db, { customerId });
    }
    await repo.markEventProcessed(deps.db, { id: row.id });
    return 'processed';
  } catch (error) {
    await repo
      .markEventFailed(deps.db, { id: row.id, error: error instanceof Error ? error.message : String(error) })
      .catch(() => {});
    throw error;
  }
}

/** Customers whose last sync is older than this are re-read by the reconciliation. */
export const RECONCILE_STALE_HOURS = 24;

/**
 * The reconciliation pass: events Stripe has not managed to deliver (last 3 days) go through the
 * same path as webhooks (the API call is authenticated, so they need no signature), and paying
 * customers not synced for a day are synced again.
 */
export async function reconcileBilling(
  deps: AppDeps,
  access: StripeAccess,
): Promise<{ replayed: number; queued: number }> {
  let replayed = 0;
  const since = Math.floor(Date.now() / 1000) - 3 * 24 * 60 * 60;
  const undelivered: Stripe.Event[] = [];
  for await (const event of access.client.events.list({
    delivery_success: false,
    created: { gte: since },
    limit: 100,
  })) {
    undelivered.push(event);
    if (undelivered.length >= 1_000) break;
  }
  const known = await repo.knownEventIds(deps.db, { ids: undelivered.map((e) => e.id) });
  for (const event of undelivered.reverse()) {
    if (known.has(event.id)) continue;
    const outcome = await acceptEvent(deps, access, event);
    if ('duplicate' in outcome && !outcome.duplicate) replayed += 1;
  }
  const customers = await repo.customersToReconcile(deps.db, { staleHours: RECONCILE_STALE_HOURS, limit: 1_000 });
  for (const customerId of customers) {
    await enqueue(deps.db, syncJob, { customerId }, { jobKey: `billing-sync:${customerId}`, maxAttempts: 5 });
  }
  return { replayed, queued: customers.length };
}
