import { useCallback } from 'react';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../../lib/session';
import { DEFAULT_PREFERENCES, type Preferences, type PreferencesPatch } from './preferences';

/** The caller's saved preferences, updated optimistically (the server stores them per user). */
export function usePreferences(): {
  prefs: Preferences;
  loaded: boolean;
  update: (patch: PreferencesPatch) => Promise<void>;
} {
  const auth = useAuth();
  const utils = trpc.useUtils();
  const query = trpc.watchlist.preferences.useQuery(undefined, { enabled: !auth.loggingOut });
  const mutation = trpc.watchlist.updatePreferences.useMutation({
    onMutate: async (patch) => {
      await utils.watchlist.preferences.cancel();
      const previous = utils.watchlist.preferences.getData();
      utils.watchlist.preferences.setData(
        undefined,
        (current) => ({ ...(current ?? DEFAULT_PREFERENCES), ...patch }) as typeof current,
      );
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) utils.watchlist.preferences.setData(undefined, context.previous);
    },
    onSettled: () => utils.watchlist.preferences.invalidate(),
  });
  const update = useCallback(
    async (patch: PreferencesPatch) => {
      await mutation.mutateAsync(patch);
    },
    [mutation],
  );
  return { prefs: { ...DEFAULT_PREFERENCES, ...(query.data ?? {}) } as Preferences, loaded: query.isSuccess, update };
}
