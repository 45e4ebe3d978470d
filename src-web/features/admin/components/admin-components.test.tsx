import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sectionComponent } from '../sections/registry';
import { AdminTable, type AdminPagesQuery } from './AdminTable';
import { ConfirmWithReason } from './ConfirmWithReason';

type Row = { id: number; name: string };
const query = (pages: Row[][], more = false): AdminPagesQuery<Row> => ({
  data: { pages: pages.map((items, i) => ({ items, nextCursor: i === pages.length - 1 && more ? 'c' : null })) },
  isLoading: false,
  isError: false,
  error: null,
  hasNextPage: more,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(),
});
const columns = [{ header: 'Name', cell: (r: Row) => r.name }];

describe('admin components', () => {
  it('the table shows every loaded page and asks for the next', () => {
    const q = query([[{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }]], true);
    render(<AdminTable caption="Things" columns={columns} query={q} rowKey={(r) => r.id} empty="Nothing yet." />);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(q.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('the table explains an empty result', () => {
    render(
      <AdminTable
        caption="Things"
        columns={columns}
        query={query([[]])}
        rowKey={(r) => r.id}
        empty="Changes made in the console appear here."
      />,
    );
    screen.getByText('Changes made in the console appear here.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('the confirm dialog will not act without a reason, then passes it on', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    render(
      <ConfirmWithReason
        label="Delete"
        title="Delete the account?"
        description="It cannot be undone."
        confirmLabel="Delete account"
        onConfirm={onConfirm}
        danger
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    await screen.findByRole('alert');
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: ' asked by email ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('asked by email'));
  });

  it('the registry finds a section by its file and nothing for a route without one', () => {
    expect(sectionComponent('message-templates')).not.toBeNull();
    expect(sectionComponent('no-such' as never)).toBeNull();
  });
});
