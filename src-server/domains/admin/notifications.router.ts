import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { retryDeadAlerts } from '../alerts/alerts-admin.service';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  deliverySummary,
  listDeliveries,
  providerHealth,
  sendTestMessage,
} from '../alerts/deliveries-admin.service';
import { startAdminJob } from './admin-jobs.service';
import { adminMutation } from './admin-procedure';
import { decodeCursor, pageInput, pageOf } from './keyset';

const hours = z.object({ hours: z.coerce.number().int().min(1).max(720).default(24) }).strict();

/** /admin/notifications: deliveries, dead letters, retries, provider health, a test message. */
export const notificationsRouter = router({
  /** Alerts created in the last `hours`, counted by channel and status. */
  summary: adminProcedure.input(hours).query(({ ctx, input }) => deliverySummary(ctx.deps.db, input)),
  /** Deliveries newest first, by channel and status (status dead: the dead letters with the provider's error). */
  deliveries: adminProcedure
    .input(
      z
        .object({
          ...pageInput,
          channel: z.enum(DELIVERY_CHANNELS).nullish(),
          status: z.enum(DELIVERY_STATUSES).nullish(),
        })
        .strict(),
    )
    .query(async ({ ctx, input }) => {
      const key = decodeCursor(input.cursor, 1);
      const { deliveries } = await listDeliveries(ctx.deps.db, {
        ...input,
        beforeId: key ? Number(key[0]) : null,
        limit: input.limit + 1,
      });
      return pageOf(deliveries, input.limit, (d) => [d.id]);
    }),
  /** Which adapter each channel uses, what it accepted and refused lately, its latest error. */
  providers: adminProcedure
    .input(hours)
    .query(({ ctx, input }) =>
      providerHealth(ctx.deps.db, { mailer: ctx.deps.mailer, sms: ctx.deps.sms, hours: input.hours }),
    ),
  /** Send chosen dead alerts again with fresh attempts. */
  retry: adminMutation({
    action: 'notifications.retry',
    input: { ids: z.array(z.number().int().positive()).min(1).max(500) },
    run: async (input, { tx }) => {
      const result = await retryDeadAlerts(tx, input);
      return {
        target: { type: 'alerts', id: input.ids.length === 1 ? input.ids[0]! : null },
        before: { ids: input.ids, status: 'dead' },
        after: result,
        result,
      };
    },
  }),
  /** Send every dead alert again (a job: poll admin.jobs.get). */
  retryAll: adminMutation({
    action: 'notifications.retryAll',
    input: {},
    run: async (_input, { tx, admin }) => {
      const job = await startAdminJob(tx, { kind: 'alerts.retry_dead', params: {}, createdBy: admin.user.id });
      return { target: { type: 'admin_job', id: job.id }, result: job };
    },
  }),
  /** A test email or SMS to the signed-in admin's own verified address or phone. */
  sendTest: adminMutation({
    action: 'notifications.sendTest',
    input: { channel: z.enum(['email', 'sms']) },
    run: async (input, { deps, admin }) => {
      const result = await sendTestMessage(
        { mailer: deps.mailer, sms: deps.sms },
        { channel: input.channel, admin: admin.user },
      );
      return { target: { type: 'channel', id: input.channel }, after: result, result };
    },
  }),
});
