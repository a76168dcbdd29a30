import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  healthyResponse,
  jsonResponse,
  mockApi,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';

const admin = buildUser({
  id: '65f1a2b3c4d5e6f708192a01',
  role: 'admin',
  fullName: 'Ada Admin',
  username: 'ada',
});
const pendingUser = buildUser({
  id: '65f1a2b3c4d5e6f708192a55',
  fullName: 'Pia Pending',
  username: 'pia',
  email: 'pia@example.com',
  location: 'Bali, Indonesia',
  isApproved: false,
  approvedAt: null,
  createdAt: '2024-06-10T09:00:00.000Z',
});
const approvedUser = buildUser({ id: '65f1a2b3c4d5e6f708192a66', fullName: 'Omar Okay', username: 'omar' });

function later(response: Response, ms = 50): Promise<Response> {
  return new Promise((resolve) => setTimeout(() => resolve(response), ms));
}

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('/admin', () => {
  it('a non-admin sees Admin Access Required and nothing is asked of the admin API', async () => {
    const fetchMock = signInAs(buildUser({ role: 'user' }));
    renderApp('/admin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Access Required' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This page is restricted to administrators only.')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'GET', '/api/admin/pending-users')).toBe(false);
  });

  it('a visitor sees Admin Access Required too', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/admin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Access Required' }),
    ).toBeInTheDocument();
  });

  it('lists pending users; Approve calls the endpoint, toasts User approved and refreshes the list', async () => {
    let approved = false;
    const fetchMock = signInAs(admin, {
      'GET /api/admin/pending-users': () => jsonResponse(200, approved ? [] : [pendingUser]),
      [`POST /api/admin/approve-user/${pendingUser.id}`]: () => {
        approved = true;
        return jsonResponse(200, {
          ...pendingUser,
          isApproved: true,
          approvedAt: '2024-06-11T09:00:00.000Z',
        });
      },
    });
    renderApp('/admin');

    const row = within((await screen.findByRole('heading', { name: 'Pia Pending' })).closest('article')!);
    expect(row.getByText('@pia')).toBeInTheDocument();
    expect(row.getByText('Bali, Indonesia')).toBeInTheDocument();
    expect(row.getByText(/Registered/)).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'View details of Pia Pending' })).toHaveAttribute(
      'href',
      `/admin/users/${pendingUser.id}`,
    );
    expect(screen.getByRole('link', { name: 'View All Users' })).toHaveAttribute('href', '/admin/users');

    await userEvent.click(row.getByRole('button', { name: 'Approve Pia Pending' }));

    expect(await toasts().findByText('User approved')).toBeInTheDocument();
    expect(toasts().getByText('The user can now list items.')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', `/api/admin/approve-user/${pendingUser.id}`)).toBe(true);
    expect(await screen.findByText('All caught up!')).toBeInTheDocument();
  });

  it('a failed approval shows Failed to approve user', async () => {
    signInAs(admin, {
      'GET /api/admin/pending-users': { body: [pendingUser] },
      [`POST /api/admin/approve-user/${pendingUser.id}`]: () => new Response(null, { status: 500 }),
    });
    renderApp('/admin');

    await userEvent.click(await screen.findByRole('button', { name: 'Approve Pia Pending' }));

    expect(await toasts().findByText('Failed to approve user')).toBeInTheDocument();
    expect(toasts().getByText('Please try again.')).toBeInTheDocument();
  });

  it('Delete asks first; only the confirmation deletes, then User deleted', async () => {
    let deleted = false;
    const fetchMock = signInAs(admin, {
      'GET /api/admin/pending-users': () => jsonResponse(200, deleted ? [] : [pendingUser]),
      [`DELETE /api/admin/users/${pendingUser.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Pia Pending' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this user?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(wasCalled(fetchMock, 'DELETE', `/api/admin/users/${pendingUser.id}`)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Pia Pending' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));

    expect(await toasts().findByText('User deleted')).toBeInTheDocument();
    expect(await screen.findByText('All caught up!')).toBeInTheDocument();
  });

  it('with nobody waiting: All caught up!', async () => {
    signInAs(admin, { 'GET /api/admin/pending-users': { body: [] } });
    renderApp('/admin');

    expect(await screen.findByText('All caught up!')).toBeInTheDocument();
  });
});

describe('/admin/users', () => {
  it('a non-admin sees Access Denied', async () => {
    signInAs(buildUser());
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });

  it('shows the counts and both lists; the admin’s own row has no delete; delete uses DELETE /api/users/:id', async () => {
    const fetchMock = signInAs(admin, {
      'GET /api/admin/all-users': { body: [admin, approvedUser, pendingUser] },
      [`DELETE /api/users/${approvedUser.id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/admin/users');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Approved Users (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pending Users (1)' })).toBeInTheDocument();
    expect(within(screen.getByText('Total Users').parentElement!).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('@pia · pia@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View profile of Omar Okay' })).toHaveAttribute(
      'href',
      `/user/${approvedUser.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Delete Ada Admin' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Omar Okay' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));

    expect(await toasts().findByText('User deleted')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', `/api/users/${approvedUser.id}`)).toBe(true);
  });
});

describe('/admin/users/:userId', () => {
  const DETAIL = `/api/admin/users/${approvedUser.id}`;
  const SWAP = `/api/admin/users/${approvedUser.id}/swap-count`;

  it('a non-admin sees Access Denied', async () => {
    signInAs(buildUser());
    renderApp(`/admin/users/${approvedUser.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });

  it('shows the profile card and item stats', async () => {
    signInAs(admin, {
      // The swap count is the completed swaps, not the review count (issue 26).
      [`GET ${DETAIL}`]: { body: { ...approvedUser, completedSwaps: 4, reviewCount: 1 } },
      'GET /api/items': {
        body: [buildItem({ id: 'i1' }), buildItem({ id: 'i2', title: 'Sold lamp', isSwapped: true })],
      },
      [`GET /api/reviews/${approvedUser.id}`]: { body: [] },
    });
    renderApp(`/admin/users/${approvedUser.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Okay' })).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText(approvedUser.id)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Items (2)' })).toBeInTheDocument();
    expect(within(screen.getByText('Available Items').parentElement!).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByText('Swap Count').parentElement!).getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sold lamp' })).toBeInTheDocument();
    expect(screen.getByText('This user has not received any reviews yet.')).toBeInTheDocument();
  });

  it('the swap-count editor refuses -1 with Invalid input and sends nothing', async () => {
    const fetchMock = signInAs(admin, { [`GET ${DETAIL}`]: { body: approvedUser } });
    renderApp(`/admin/users/${approvedUser.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit swap count' }));
    const input = screen.getByRole('textbox', { name: 'Swap Count' });
    await user.clear(input);
    await user.type(input, '-1');
    await user.click(screen.getByRole('button', { name: 'Save swap count' }));

    expect(await toasts().findByText('Invalid input')).toBeInTheDocument();
    expect(toasts().getByText('Please enter a valid number greater than or equal to 0.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Invalid input');
    expect(wasCalled(fetchMock, 'PUT', SWAP)).toBe(false);
  });

  it('an empty swap count is refused too', async () => {
    const fetchMock = signInAs(admin, { [`GET ${DETAIL}`]: { body: approvedUser } });
    renderApp(`/admin/users/${approvedUser.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit swap count' }));
    await user.clear(screen.getByRole('textbox', { name: 'Swap Count' }));
    await user.click(screen.getByRole('button', { name: 'Save swap count' }));

    expect(await toasts().findByText('Invalid input')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'PUT', SWAP)).toBe(false);
  });

  it('the swap-count editor refuses 1e3 and 2.5 (whole decimal numbers only) and sends nothing', async () => {
    const fetchMock = signInAs(admin, { [`GET ${DETAIL}`]: { body: approvedUser } });
    renderApp(`/admin/users/${approvedUser.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit swap count' }));
    const input = screen.getByRole('textbox', { name: 'Swap Count' });
    for (const typed of ['1e3', '2.5']) {
      await user.clear(input);
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: 'Save swap count' }));
      expect(await toasts().findByText('Invalid input')).toBeInTheDocument();
      expect(input).toHaveAccessibleDescription('Invalid input');
    }
    expect(wasCalled(fetchMock, 'PUT', SWAP)).toBe(false);
  });

  it('a valid swap count is saved with PUT {reviewCount} and toasts Swap count updated', async () => {
    const fetchMock = signInAs(admin, {
      [`GET ${DETAIL}`]: { body: approvedUser },
      [`PUT ${SWAP}`]: { body: { ...approvedUser, completedSwaps: 7 } },
    });
    renderApp(`/admin/users/${approvedUser.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit swap count' }));
    const input = screen.getByRole('textbox', { name: 'Swap Count' });
    await user.clear(input);
    await user.type(input, '7');
    await user.keyboard('{Enter}');

    expect(await toasts().findByText('Swap count updated')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', SWAP)).toEqual({ reviewCount: 7 });
    await waitFor(() =>
      expect(within(screen.getByText('Swap Count').parentElement!).getByText('7')).toBeInTheDocument(),
    );
  });

  it('an unknown user shows User Not Found with a way back', async () => {
    signInAs(admin, { [`GET ${DETAIL}`]: { status: 404, body: { error: 'User Not Found' } } });
    renderApp(`/admin/users/${approvedUser.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Users' })).toHaveAttribute('href', '/admin/users');
  });

  it('a malformed id (400) is User Not Found with a way back, and no Try again', async () => {
    signInAs(admin, { 'GET /api/admin/users/abc': { status: 400, body: { error: 'Invalid id' } } });
    renderApp('/admin/users/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a server failure offers Try again', async () => {
    signInAs(admin, { [`GET ${DETAIL}`]: { status: 502, body: { error: 'Bad gateway' } } });
    renderApp(`/admin/users/${approvedUser.id}`);

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('deleting the user toasts User deleted and goes back to the users list', async () => {
    let deleted = false;
    const fetchMock = signInAs(admin, {
      [`GET ${DETAIL}`]: () =>
        deleted ? jsonResponse(404, { error: 'User Not Found' }) : jsonResponse(200, approvedUser),
      [`DELETE ${DETAIL}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/admin/all-users': { body: [admin] },
      // Lists refresh over a real network: slower than React re-renders the page.
      'GET /api/items': () => later(jsonResponse(200, [])),
      [`GET /api/reviews/${approvedUser.id}`]: () => later(jsonResponse(200, [])),
    });
    const { router } = renderApp(`/admin/users/${approvedUser.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Omar Okay' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));

    // The region is hidden from assistive tech while the confirmation dialog is still open.
    await waitFor(() => expect(toasts().getByText('User deleted')).toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Users' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'User Not Found' })).not.toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', DETAIL)).toBe(true);
  });

  it('Item Management shows the first 8 items with +N more items; View opens a new tab', async () => {
    const items = Array.from({ length: 11 }, (_, n) =>
      buildItem({
        id: `66a1b2c3d4e5f60718293a${String(n).padStart(2, '0')}`,
        title: `Item number ${n + 1}`,
        user: {
          id: approvedUser.id,
          fullName: 'Omar Okay',
          username: 'omar',
          avatar: null,
          rating: 0,
          reviewCount: 0,
        },
      }),
    );
    signInAs(admin, {
      'GET /api/admin/all-items': { body: items },
      'GET /api/admin/pending-users': { body: [] },
    });
    renderApp('/admin');

    const section = await screen.findByRole('region', { name: /Item Management/ });
    expect(await within(section).findByText('+3 more items')).toBeInTheDocument();
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(8);
    expect(within(section).getAllByText(/Omar Okay \(@omar\)/)).toHaveLength(8);
    const view = within(section).getByRole('link', { name: 'View Item number 1 in a new tab' });
    expect(view).toHaveAttribute('href', `/item/${items[0]!.id}`);
    expect(view).toHaveAttribute('target', '_blank');
    expect(within(section).getAllByText('No image')).toHaveLength(8);
  });

  it('Item Management: No items found when there are none', async () => {
    signInAs(admin, {
      'GET /api/admin/all-items': { body: [] },
      'GET /api/admin/pending-users': { body: [] },
    });
    renderApp('/admin');

    const section = await screen.findByRole('region', { name: /Item Management/ });
    expect(await within(section).findByText('No items found')).toBeInTheDocument();
  });
});
