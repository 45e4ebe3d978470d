/** Background tasks of the billing domain (registered in jobs/tasks.ts). */
import { z } from 'zod';

import { defineTask } from '../../jobs/registry';
import { processEvent, reconcileBilling } from './events.service';
import { sendNotice } from './notices.service';
import { syncCustomer } from './sync.service';

const billingOff = () => new Error('billing is not configured in this process (no Stripe access)');

export const eventTask = defineTask({
  name: 'billing.event',
  payload: z.object({ eventId: z.string().min(1).max(255) }),
  async handler({ eventId }, { deps }) {
    const access = await deps.stripe.get();
    if (!access) throw billingOff();
    const outcome = await processEvent(deps, access, { eventId });
    deps.logger?.debug({ eventId, outcome }, 'stripe event handled');
  },
});

export const syncTask = defineTask({
  name: 'billing.sync',
  payload: z.object({ customerId: z.string().min(1).max(255) }),
  async handler({ customerId }, { deps }) {
    const access = await deps.stripe.get();
    if (!access) throw billingOff();
    await syncCustomer(deps, access, { customerId });
  },
});

export const reconcileTask = defineTask({
  name: 'billing.reconcile',
  payload: z.object({}).passthrough(),
  async handler(_payload, { deps }) {
    const access = await deps.stripe.get();
    if (!access) return;
    const counts = await reconcileBilling(deps, access);
    deps.logger?.info(counts, 'billing reconciliation queued');
  },
});

export const notifyTask = defineTask({
  name: 'billing.notify',
  payload: z.object({ noticeId: z.number().int().positive() }),
  async handler({ noticeId }, { deps }) {
    const outcome = await sendNotice(deps, { noticeId });
    deps.logger?.debug({ noticeId, outcome }, 'billing notice');
  },
});

export const billingTasks = [eventTask, syncTask, reconcileTask, notifyTask];
