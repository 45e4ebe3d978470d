/** Background tasks of the billing domain (the list a process runs: src-server/background.ts). */
import { defineTask } from '../../jobs/registry';
import { eventJob, notifyJob, reconcileJob, syncJob } from './billing.jobs';
import { processEvent, reconcileBilling } from './events.service';
import { sendNotice } from './notices.service';
import { syncCustomer } from './sync.service';

const billingOff = () => new Error('billing is not configured in this process (no Stripe access)');

export const eventTask = defineTask({
  ...eventJob,
  async handler({ eventId }, { deps }) {
    const access = await deps.stripe.get();
    if (!access) throw billingOff();
    const outcome = await processEvent(deps, access, { eventId });
    deps.logger?.debug({ eventId, outcome }, 'stripe event handled');
  },
});

export const syncTask = defineTask({
  ...syncJob,
  async handler({ customerId }, { deps }) {
    const access = await deps.stripe.get();
    if (!access) throw billingOff();
    await syncCustomer(deps, access, { customerId });
  },
});

export const reconcileTask = defineTask({
  ...reconcileJob,
  async handler(_payload, { deps }) {
    const access = await deps.stripe.get();
    if (!access) return;
    const counts = await reconcileBilling(deps, access);
    deps.logger?.info(counts, 'billing reconciliation queued');
  },
});

export const notifyTask = defineTask({
  ...notifyJob,
  async handler({ noticeId }, { deps }) {
    const outcome = await sendNotice(deps, { noticeId });
    deps.logger?.debug({ noticeId, outcome }, 'billing notice');
  },
});

export const billingTasks = [eventTask, syncTask, reconcileTask, notifyTask];
