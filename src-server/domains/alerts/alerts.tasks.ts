/** Background tasks of the alerts domain (the list a process runs: src-server/background.ts). */
import { defineTask } from '../../jobs/registry';
import { deliverJob, digestJob } from './alerts.jobs';
import { deliverAlerts } from './delivery.service';
import { deliverDigest } from './digest.service';

export const deliverTask = defineTask({
  ...deliverJob,
  async handler({ alertIds }, { deps }) {
    const counts = await deliverAlerts(deps, { alertIds });
    deps.logger?.debug({ counts }, 'alerts delivered');
  },
});

export const digestTask = defineTask({
  ...digestJob,
  async handler({ digestId }, { deps }) {
    const outcome = await deliverDigest(deps, { digestId });
    deps.logger?.debug({ digestId, outcome }, 'digest delivery');
  },
});

export const alertTasks = [deliverTask, digestTask];
