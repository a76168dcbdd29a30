import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { REPORTED_USER_HINT_KEY } from '../config/storage-keys';
import { renderApp } from '../testing/render-app';
import { buildItem, buildReview, buildUser, jsonResponse, signInAs, wasCalled } from '../testing/api-mock';

const viewer = buildUser({ id: '65f1a2b3c4d5e6f708192a3b', fullName: 'Lena Traveller' });
const other = buildUser({
  id: '65f1a2b3c4d5e6f708192a77',
  fullName: 'Marco Rossi',
  username: 'marco',
  location: 'Bangkok, Thailand',
  rating: 4.5,
  reviewCount: 2,
  isVerified: true,
});
const OTHER_PATH = `/api/users/${other.id}`;

describe('/user/:userId', () => {
  it('an unapproved viewer gets the Approval Required toast and page, then is sent home after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = signInAs({ ...viewer, isApproved: false, approvedAt: null });
    const { router } = renderApp(`/user/${other.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Approval Required' })).toBeInTheDocument();
    // The toast region arrives with the first toast (app/providers.tsx).
    const toastRegion = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(
      await toastRegion.findByText(
        'Only approved users can view other profiles. Please check back after approval.',
      ),
    ).toBeInTheDocument();

    // The clock also runs in real time (React Query needs it), so leave a margin before the 2000 ms mark.
    act(() => vi.advanceTimersByTime(1500));
    expect(router.state.location.pathname).toBe(`/user/${other.id}`);
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(wasCalled(fetchMock, 'GET', OTHER_PATH)).toBe(false);
  });

  it('when the server answers NOT_APPROVED the viewer also gets Approval Required', async () => {
    signInAs(viewer, {
      [`GET ${OTHER_PATH}`]: { status: 403, body: { error: 'Approval Required', code: 'NOT_APPROVED' } },
    });
    renderApp(`/user/${other.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Approval Required' })).toBeInTheDocument();
  });

  it('an unknown id shows User Not Found', async () => {
    signInAs(viewer, { [`GET ${OTHER_PATH}`]: { status: 404, body: { error: 'User Not Found' } } });
    renderApp(`/user/${other.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'User Not Found' })).toBeInTheDocument();
  });

  it('a malformed id (400) is User Not Found with a way back, and no Try again', async () => {
    signInAs(viewer, { 'GET /api/users/abc': { status: 400, body: { error: 'Invalid id' } } });
    renderApp('/user/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'User Not Found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Browse Items' })).toHaveAttribute(
      'href',
      '/browse',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a network failure offers Try again, which asks again', async () => {
    let calls = 0;
    signInAs(viewer, {
      [`GET ${OTHER_PATH}`]: () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return jsonResponse(200, other);
      },
    });
    renderApp(`/user/${other.id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeInTheDocument();
  });

  it('in German the rating is written with a decimal comma (4,5/5)', async () => {
    await i18n.changeLanguage('de');
    try {
      signInAs(viewer, {
        [`GET ${OTHER_PATH}`]: { body: other },
        'GET /api/items': { body: [] },
        [`GET /api/reviews/${other.id}`]: { body: [] },
      });
      renderApp(`/user/${other.id}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeInTheDocument();
      expect(screen.getByText('4,5/5')).toBeInTheDocument();
      expect(screen.queryByText('4.5/5')).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('an approved viewer sees the profile with rating x/5, Verified, and the Items and Reviews tabs', async () => {
    signInAs(viewer, {
      [`GET ${OTHER_PATH}`]: { body: other },
      'GET /api/items': { body: [buildItem({ title: 'Camping stove', userId: other.id })] },
      [`GET /api/reviews/${other.id}`]: {
        body: [buildReview({ revieweeId: other.id }), buildReview({ id: 'r2' })],
      },
    });
    renderApp(`/user/${other.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeInTheDocument();
    expect(screen.getByText('@marco')).toBeInTheDocument();
    expect(screen.getByText('Bangkok, Thailand')).toBeInTheDocument();
    expect(screen.getByText('4.5/5')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText(/Member since/)).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Items (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Reviews (2)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Camping stove' })).toHaveAttribute(
      'href',
      '/item/66a1b2c3d4e5f60718293a4b',
    );
    expect(document.title).toBe('Marco Rossi · NomadSwap');
    // Only admins delete reviews.
    await userEvent.click(screen.getByRole('tab', { name: 'Reviews (2)' }));
    expect(screen.getAllByText('Friendly swap, item exactly as described.')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Delete review/ })).not.toBeInTheDocument();
  });

  it('Report User stores the reported user for the report form and opens /report-issue', async () => {
    signInAs(viewer, { [`GET ${OTHER_PATH}`]: { body: other } });
    const { router } = renderApp(`/user/${other.id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Report User' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/report-issue'));
    expect(JSON.parse(window.sessionStorage.getItem(REPORTED_USER_HINT_KEY) ?? 'null')).toEqual({
      id: other.id,
      fullName: 'Marco Rossi',
      username: 'marco',
    });
  });

  it('on their own profile an unapproved user sees it, with Edit Profile instead of Report User', async () => {
    const pendingMe = { ...viewer, isApproved: false, approvedAt: null };
    signInAs(pendingMe, { [`GET /api/users/${viewer.id}`]: { body: pendingMe } });
    renderApp(`/user/${viewer.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Traveller' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Report User' })).not.toBeInTheDocument();
  });

  it('an admin can delete a review after confirming', async () => {
    const review = buildReview({ revieweeId: other.id });
    const fetchMock = signInAs(buildUser({ role: 'admin', fullName: 'Ada Admin' }), {
      [`GET ${OTHER_PATH}`]: { body: other },
      [`GET /api/reviews/${other.id}`]: { body: [review] },
      [`DELETE /api/admin/reviews/${review.id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(`/user/${other.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Reviews (1)' }));
    await user.click(screen.getByRole('button', { name: 'Delete review by Marco Rossi' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this review?' });
    expect(wasCalled(fetchMock, 'DELETE', `/api/admin/reviews/${review.id}`)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Review' }));

    expect(await screen.findByText('Review deleted')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', `/api/admin/reviews/${review.id}`)).toBe(true);
  });
});
