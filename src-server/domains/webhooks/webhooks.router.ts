import { idInput, webhookCreateInput } from '#shared/integrations';
import { proProcedure, router } from '../../transport/trpc/init';
import { createWebhook, deleteWebhook, listWebhooks, testWebhook } from './webhooks.service';

/** Outbound webhooks (PRO, decision 311): each caller sees and changes only its own. */
export const webhooksRouter = router({
  create: proProcedure
    .input(webhookCreateInput)
    .mutation(({ ctx, input }) => createWebhook(ctx.deps, { userId: ctx.user.id, ...input })),
  list: proProcedure.query(({ ctx }) => listWebhooks(ctx.deps, { userId: ctx.user.id })),
  remove: proProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.deps, { userId: ctx.user.id, id: input.id })),
  test: proProcedure
    .input(idInput)
    .mutation(({ ctx, input }) =>
      testWebhook(ctx.deps, { userId: ctx.user.id, id: input.id, brand: ctx.user.brand ?? ctx.brand }),
    ),
});
