import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { AdminGuard } from './AdminGuard';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Admin sign in</h1> },
      {
        path: '/admin/users',
        element: (
          <AdminGuard>
            <h1>Users</h1>
          </AdminGuard>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => localStorage.clear());

describe('admin guard (SPEC.md section 2)', () => {
  it('redirects to /admin/login without an admin credential', () => {
    const router = renderAt('/admin/users');
    expect(screen.getByRole('heading').textContent).toBe('Admin sign in');
    expect(router.state.location.pathname).toBe('/admin/login');
  });
  it('passes with the admin marker in local storage (the credential itself is an HttpOnly cookie)', () => {
    localStorage.setItem(STORAGE_KEYS.adminAuth, 'cookie');
    renderAt('/admin/users');
    expect(screen.getByRole('heading').textContent).toBe('Users');
  });
  it('rechecks on storage events and on window focus', () => {
    localStorage.setItem(STORAGE_KEYS.adminAuth, 'cookie');
    const router = renderAt('/admin/users');
    localStorage.removeItem(STORAGE_KEYS.adminAuth);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(router.state.location.pathname).toBe('/admin/login');
  });
  it('rechecks when another tab removes the credential', () => {
    localStorage.setItem(STORAGE_KEYS.adminAuth, 'cookie');
    const router = renderAt('/admin/users');
    localStorage.removeItem(STORAGE_KEYS.adminAuth);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.adminAuth }));
    });
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
