import { apiTokenCreateInput, idInput } from '#shared/integrations';
import { router, signedInProcedure, verifiedProcedure } from '../../transport/trpc/init';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

/** Personal API tokens (decision 310): a verified account makes them; any signed-in caller manages its own. */
export const apiTokensRouter = router({
  create: verifiedProcedure
    .input(apiTokenCreateInput)
    .mutation(({ ctx, input }) => createApiToken(ctx.deps.db, { userId: ctx.user.id, ...input })),
  list: signedInProcedure.query(({ ctx }) => listApiTokens(ctx.deps.db, { userId: ctx.user.id })),
  revoke: signedInProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.deps.db, { userId: ctx.user.id, id: input.id })),
});
