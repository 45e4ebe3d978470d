import { trpc } from '../../lib/trpc';

/** Live EDGAR or the replay of recorded filings (asked once per page load). */
export function useDataSource() {
  const query = trpc.system.dataSource.useQuery(undefined, { staleTime: Infinity, refetchOnWindowFocus: false });
  return { recorded: query.data?.mode === 'replay', note: query.data?.note ?? null };
}
