import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { alertLatency, listDeadAlerts, retryDeadAlerts } from '../alerts/alerts-admin.service';
import { toUserDto } from '../auth/session.service';
import { assistantFeedbackAdminProcedure } from '../assistant/assistant.router';
import { AppError } from '#shared/app-error';
import { EMAIL_TEMPLATES, previewTemplate } from '../alerts/email/templates';
import { undoLink } from '../threads/threads.service';
import { aiFeedbackAdminProcedure } from '../ticker-pages/ticker-pages.router';
import { adminMutation } from './admin-procedure';
// The console's sections, one sub-router per file (`admin.<section>.<procedure>`); keep A-Z.
import { activityRouter } from './activity.router';
import { duplicatesRouter } from './duplicates.router';
import { feedbackRouter } from './feedback.router';
import { filingsRouter } from './filings.router';
import { insidersRouter } from './insiders.router';
import { jobsRouter } from './jobs.router';
import { messageTemplatesRouter } from './message-templates.router';
import { notificationsRouter } from './notifications.router';
import { overviewRouter, stripeSetupRouter } from './overview.router';
import { themeRouter } from './theme.router';
import { tickersRouter } from './tickers.router';
import { usersRouter } from './users.router';

/**
 * The admin router: the flat procedures that came before the console, then one sub-router per
 * section (SPEC.md section 2's /admin routes). Every procedure here also has a REST row
 * (admin.rest.ts; admin-rest.test.ts names any without one).
 */
export const adminRouter = router({
  /** The admin behind the bearer credential. */
  me: adminProcedure.query(({ ctx }) => toUserDto(ctx.user)),
  /** Alerts that ran out of attempts or were refused for good (the dead-letter list), newest first. */
  deadAlerts: adminProcedure
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(200).default(50),
          beforeId: z.number().int().positive().nullish(),
        })
        .strict()
        .default({ limit: 50 }),
    )
    .query(({ ctx, input }) => listDeadAlerts(ctx.deps.db, input)),
  /** Sends dead alerts again with fresh attempts (digest entries join the next digest). */
  retryDeadAlerts: adminMutation({
    action: 'alerts.retryDead',
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
  /** Delivery latency percentiles per stage and channel over the last `hours`. */
  alertLatency: adminProcedure
    .input(
      z
        .object({ hours: z.number().int().min(1).max(720).default(24) })
        .strict()
        .default({ hours: 24 }),
    )
    .query(({ ctx, input }) => alertLatency(ctx.deps.db, input)),
  /** Thumbs up/down on AI analyses, newest first, with totals (/admin/ai-feedback). */
  aiFeedback: aiFeedbackAdminProcedure,
  /** Thumbs up/down on filing-assistant answers, newest first (/admin/ai-feedback). */
  assistantFeedback: assistantFeedbackAdminProcedure,
  /** Undo a story-thread link: it stops showing and is never made again. */
  undoThreadLink: adminMutation({
    action: 'threads.undoLink',
    input: { linkId: z.number().int().positive() },
    run: async (input, { tx, admin }) => {
      const result = await undoLink(tx, { linkId: input.linkId, adminUserId: admin.user.id });
      return {
        target: { type: 'thread_link', id: input.linkId },
        before: { undone: false },
        after: { undoneAt: result.undoneAt },
        result,
      };
    },
  }),
  /** The email templates with their variables (/admin/message-templates). */
  emailTemplates: adminProcedure.query(() =>
    EMAIL_TEMPLATES.map(({ id, name, description, variables }) => ({ id, name, description, variables })),
  ),
  /** A template rendered with its sample of real filings: the same HTML and text delivery sends. */
  previewEmailTemplate: adminProcedure.input(z.object({ id: z.string().max(40) }).strict()).query(async ({ input }) => {
    const rendered = await previewTemplate(input.id);
    if (!rendered) throw new AppError('NOT_FOUND', 'No email template with that id.', { reason: 'template_not_found' });
    return rendered;
  }),

  // Sections (A-Z).
  activity: activityRouter,
  duplicates: duplicatesRouter,
  feedback: feedbackRouter,
  filings: filingsRouter,
  insiders: insidersRouter,
  jobs: jobsRouter,
  messageTemplates: messageTemplatesRouter,
  notifications: notificationsRouter,
  overview: overviewRouter,
  stripeSetup: stripeSetupRouter,
  theme: themeRouter,
  tickers: tickersRouter,
  users: usersRouter,
});
