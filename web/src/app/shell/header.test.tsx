import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { buildUser, healthyResponse, mockApi } from '../../testing/api-mock';

const PENDING_TEXT =
  "Your account is pending approval. You can browse items but won't be able to list your own items until an admin approves your account. This usually takes 24-48 hours.";

function signIn(user = buildUser(), extra: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('authToken', 'token-abc');
  return mockApi({
    'GET /api/health': { body: healthyResponse },
    'GET /api/auth/me': { body: user },
    ...extra,
  });
}

/** The account button of a user without a photo: it shows their initials, and its name starts with them. */
async function openAccountMenu(name: string, shownInitials: string) {
  const trigger = await screen.findByRole('button', { name: `${shownInitials}, account menu for ${name}` });
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  return screen.findByRole('menu');
}

describe('shell navigation', () => {
  it('phones: Open menu opens the side sheet (its own chunk) with the pages; a link closes it, Escape gives focus back to the button', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = within(sheet).getByRole('navigation', { name: 'Menu' });
    expect(within(nav).getByRole('link', { name: 'Browse Items' })).toHaveAttribute('href', '/browse');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'How It Works' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signed out: Browse Items, How It Works, Login and Sign Up; no Messages, no tab bar, no /api/auth/me call', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Browse Items' })).toHaveAttribute('href', '/browse');
    expect(within(nav).getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/learn-more');
    expect(within(nav).queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/register');
    expect(screen.queryByRole('link', { name: 'List Item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).not.toContain('/api/auth/me');
  });

  it('signed in: Messages, List Item and the account menu replace Login and Sign Up', async () => {
    signIn();
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(screen.getByRole('link', { name: 'List Item' })).toHaveAttribute('href', '/add-item');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Search', '/browse'],
      ['Add', '/add-item'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ]);
  });

  it('the account button’s name starts with the initials it shows (WCAG 2.5.3); with a photo it is the plain name', async () => {
    signIn(buildUser({ fullName: 'Noor al Haddad' }));
    const { unmount } = renderApp('/');
    const button = await screen.findByRole('button', { name: 'NH, account menu for Noor al Haddad' });
    expect(button).toHaveTextContent('NH');
    unmount();

    signIn(buildUser({ fullName: 'Noor al Haddad', avatar: '/api/files/avatar-1' }));
    renderApp('/');
    const withPhoto = await screen.findByRole('button', { name: 'Account menu for Noor al Haddad' });
    expect(withPhoto).not.toHaveTextContent('NH');
    expect(withPhoto.querySelector('img')).toHaveAttribute('src', '/api/files/avatar-1');
  });

  it('a regular user’s menu has Profile and Logout but no Admin Panel', async () => {
    signIn(buildUser({ role: 'user' }));
    renderApp('/');

    const menu = await openAccountMenu('Lena Traveller', 'LT');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('an admin’s menu also has Admin Panel', async () => {
    signIn(buildUser({ role: 'admin', fullName: 'Ada Admin' }));
    renderApp('/');

    const menu = await openAccountMenu('Ada Admin', 'AA');
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('an unapproved user sees the pending-approval banner and no Account approved badge', async () => {
    signIn(buildUser({ isApproved: false, approvedAt: null }));
    renderApp('/');

    expect(await screen.findByText(PENDING_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Account approved')).not.toBeInTheDocument();
  });

  it('an approved user sees Account approved and no pending banner', async () => {
    signIn(buildUser({ isApproved: true }));
    renderApp('/');

    expect(await screen.findByText('Account approved')).toBeInTheDocument();
    expect(screen.queryByText(PENDING_TEXT)).not.toBeInTheDocument();
  });

  it('when the stored token is refused (401), it is removed and the visitor navigation shows', async () => {
    window.localStorage.setItem('authToken', 'expired');
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/auth/me': { status: 401, body: { error: 'Invalid or expired token' } },
    });
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('Logout calls the API, forgets the session, toasts and goes home', async () => {
    const fetchMock = signIn(buildUser(), {
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const { router, queryClient } = renderApp('/no-such-page');

    const menu = await openAccountMenu('Lena Traveller', 'LT');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/logout' && init?.method === 'POST'),
    ).toBe(true);
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
