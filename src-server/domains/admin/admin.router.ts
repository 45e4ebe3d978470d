import { adminProcedure, router } from '../../transport/trpc/init';
import { toUserDto } from '../auth/session.service';

export const adminRouter = router({
  /** The admin behind the bearer credential. */
  me: adminProcedure.query(({ ctx }) => toUserDto(ctx.user)),
});
