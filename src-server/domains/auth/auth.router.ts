import { publicProcedure, router, sessionProcedure } from '../../transport/trpc/init';
import { toUserDto } from './session.service';

export const authRouter = router({
  /** The caller's user object, or null without a session. */
  me: publicProcedure.query(async ({ ctx }) => {
    const session = await ctx.getSession();
    return session ? toUserDto(session.user) : null;
  }),
  /** Ensures the caller has a session (anonymous on first visit) and returns its user. */
  session: sessionProcedure.mutation(({ ctx }) => ({
    user: toUserDto(ctx.user),
    session: 'token' in ctx.session ? (ctx.session.token as string) : null,
  })),
});
