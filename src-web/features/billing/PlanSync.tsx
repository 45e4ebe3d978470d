import { useQueryClient } from '@tanstack/react-query';
import { storeUser, useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/**
 * Keeps every open page in step with the user's plan: the server pushes the plan over the
 * websocket when the billing sync changes it (checkout paid in another tab, a renewal failing,
 * the period ending), and the stored user, the watchlist's limit and billing data refresh in
 * place. The PRO badge, the live dashboard and the real-time alert settings follow the stored user.
 */
export function PlanSync() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  trpc.billing.planChanges.useSubscription(undefined, {
    enabled: auth.loggedIn && auth.verified && !auth.loggingOut,
    onData: (event) => {
      // Another tab may have stored the new user already: refresh what depends on the plan anyway.
      storeUser(event.user);
      void utils.watchlist.get.invalidate();
      void utils.billing.status.invalidate();
      void utils.auth.profile.invalidate();
      void queryClient.invalidateQueries({ queryKey: ['server-user'] });
    },
  });
  return null;
}
