import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildItem, buildUser, healthyResponse, jsonResponse, mockApi, signInAs } from '../testing/api-mock';

// The first render loads the home chunk and its item cards cold: on a busy 2-core box that takes seconds.
const SLOW = { timeout: 15_000 };
const lena = buildUser({ id: 'u-lena', location: 'Lisbon, Portugal' });
const items = Array.from({ length: 5 }, (_, index) =>
  buildItem({ id: `item-${index}`, title: `Lisbon item ${index}`, userId: 'someone-else' }),
);

const nearYou = () => screen.getByRole('region', { name: 'New near you' });

describe('/ (home) for signed-in users', () => {
  it('New near you: skeletons, then the newest items of the user’s city with a link to all of them', async () => {
    let release: (value: Response) => void = () => {};
    const fetchMock = signInAs(lena, {
      'GET /api/items': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp('/');

    // The section's own chunk may still be loading (a placeholder with plain skeletons stands in): wait for its cards' skeletons.
    await waitFor(() => expect(within(nearYou()).getAllByTestId('item-card-skeleton')).toHaveLength(4), SLOW);
    const section = nearYou();
    expect(section).toHaveTextContent('The latest items listed in Lisbon.');
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/items?'));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('location')).toBe('Lisbon');

    release(jsonResponse(200, items));
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(4));
    expect(within(section).queryByTestId('item-card-skeleton')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Lisbon item 0' })).toHaveAttribute(
      'href',
      '/item/item-0',
    );
    expect(within(section).getByRole('link', { name: /See all in Lisbon/ })).toHaveAttribute(
      'href',
      '/browse?location=Lisbon',
    );
  });

  it('New near you: an empty city invites the user to list the first item', async () => {
    signInAs(lena, { 'GET /api/items': { body: [] } });
    renderApp('/');

    await waitFor(() => expect(nearYou()).toHaveTextContent('Nothing new in Lisbon yet'), SLOW);
    expect(within(nearYou()).getByRole('link', { name: 'List an item' })).toHaveAttribute(
      'href',
      '/add-item',
    );
  });

  it('Your activity: unread conversations, pending reviews and favourites, each linking on', async () => {
    let releaseUnread: (value: Response) => void = () => {};
    signInAs(lena, {
      'GET /api/items': { body: [] },
      'GET /api/messages/unread-count': () => new Promise<Response>((resolve) => (releaseUnread = resolve)),
      'GET /api/reviews/pending': { body: [{ id: 'p1' }, { id: 'p2' }] },
      'GET /api/favorites': { body: [items[0]] },
    });
    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Your activity' }, SLOW);
    const tile = (name: RegExp) => within(section).getByRole('link', { name });
    expect(tile(/Unread messages/)).toHaveTextContent('Loading…');
    await waitFor(() => expect(tile(/Pending reviews/)).toHaveTextContent(/2$/));
    expect(tile(/Favorites/)).toHaveTextContent(/1$/);
    releaseUnread(jsonResponse(200, { count: 3 }));
    await waitFor(() => expect(tile(/Unread messages/)).toHaveTextContent(/3$/));

    expect(tile(/Unread messages/)).toHaveAttribute('href', '/messages');
    expect(tile(/Pending reviews/)).toHaveAttribute('href', '/profile?tab=pending-reviews');
    expect(tile(/Favorites/)).toHaveAttribute('href', '/profile?tab=favorites');
  });

  it('a user awaiting approval gets New near you but no activity (they cannot message or favourite yet)', async () => {
    signInAs(buildUser({ location: 'Bali, Indonesia', isApproved: false }), {
      'GET /api/items': { body: items },
    });
    renderApp('/');

    expect(await screen.findByRole('region', { name: 'New near you' }, SLOW)).toHaveTextContent('Bali');
    expect(screen.getByText('Pending Approval')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your activity' })).not.toBeInTheDocument();
  });

  it('visitors get neither section', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/');

    await screen.findByRole('link', { name: 'Sign Up Free' }, SLOW);
    expect(screen.queryByRole('region', { name: 'New near you' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your activity' })).not.toBeInTheDocument();
  });

  it('/profile?tab=favorites opens the Favorites tab (where Your activity links)', async () => {
    signInAs(lena, { 'GET /api/favorites': { body: [items[0]] } });
    renderApp('/profile?tab=favorites');

    expect(await screen.findByRole('tab', { name: /Favorites/ }, SLOW)).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
