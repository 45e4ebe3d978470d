/** Background tasks of the alerts domain (the list a process runs: src-server/background.ts). */
import { z } from 'zod';
import { defineTask } from '../../jobs/registry';
import { DELIVER_TASK } from './alerts.config';
import { deliverAlerts } from './delivery.service';
import { DIGEST_TASK } from './digest.repo';
import { deliverDigest } from './digest.service';

export const deliverTask = defineTask({
  name: DELIVER_TASK,
  payload: z.object({ alertIds: z.array(z.number().int().positive()).min(1).max(1000) }),
  async handler({ alertIds }, { deps }) {
    const counts = await deliverAlerts(deps, { alertIds });
    deps.logger?.debug({ counts }, 'alerts delivered');
  },
});

export const digestTask = defineTask({
  name: DIGEST_TASK,
  payload: z.object({ digestId: z.number().int().positive() }),
  async handler({ digestId }, { deps }) {
    const outcome = await deliverDigest(deps, { digestId });
    deps.logger?.debug({ digestId, outcome }, 'digest delivery');
  },
});

export const alertTasks = [deliverTask, digestTask];
