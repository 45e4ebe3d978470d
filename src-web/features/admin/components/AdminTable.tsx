import type { ReactNode } from 'react';
import { Loading } from '../../../components/Loading';
import { ErrorBox } from '../../../components/Notice';

/** An admin list page as every admin list procedure returns it (server: domains/admin/keyset.ts). */
export interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** What the table needs from `trpc.admin.<section>.<list>.useInfiniteQuery(filters, ADMIN_PAGING)`. */
export interface AdminPagesQuery<T> {
  data?: { pages: AdminPage<T>[] } | undefined;
  isLoading: boolean;
  isError: boolean;
  error: { message: string } | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Options for useInfiniteQuery over an admin list: the cursor comes from the last page. */
export const ADMIN_PAGING = {
  initialCursor: null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
  placeholderData: <T,>(previous: T) => previous,
} as const;

export interface AdminColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

/**
 * The console's list table: rows of every page loaded so far (keyset: "Show more" asks for the
 * next), filtering happens on the server (the section passes its filters into the query), and an
 * empty result says what would appear here.
 */
export function AdminTable<T>({
  caption,
  columns,
  query,
  rowKey,
  empty,
}: {
  caption: string;
  columns: AdminColumn<T>[];
  query: AdminPagesQuery<T>;
  rowKey: (row: T) => string | number;
  /** Shown when nothing matches: what will appear here, and when. */
  empty: ReactNode;
}) {
  if (query.isLoading) return <Loading />;
  if (query.isError) return <ErrorBox>{query.error?.message}</ErrorBox>;
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (rows.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    <div className="admin-table__wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} className={c.numeric ? 'num' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="admin-table__foot muted" aria-live="polite">
        {rows.length.toLocaleString('en-US')} shown
        {query.hasNextPage ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </button>
        ) : null}
      </p>
    </div>
  );
}
