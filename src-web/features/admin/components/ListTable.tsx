import type { ReactNode } from 'react';

export interface ListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The header is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  className?: string;
}

/**
 * A short list already in hand (an account's sessions, its newest alerts, recent errors) as an
 * admin table, or the sentence saying what would appear here. Long lists page with AdminTable.
 */
export function ListTable<T>({
  rows,
  columns,
  rowKey,
  empty,
}: {
  rows: readonly T[];
  columns: ListColumn<T>[];
  rowKey: (row: T, index: number) => string | number;
  empty: ReactNode;
}) {
  if (rows.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {columns.map((c) => (
              <td key={c.header} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
