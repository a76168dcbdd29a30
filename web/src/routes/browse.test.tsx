import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ItemCard } from '@nomadswap/contracts/responses';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  healthyResponse,
  jsonResponse,
  lisbPlaces,
  mockApi,
  queriesOf,
  signInAs,
} from '../testing/api-mock';

const me = buildUser({ id: '65f1a2b3c4d5e6f708192a3b' });
const owner = {
  id: '65f1a2b3c4d5e6f708192a77',
  fullName: 'Omar Owner',
  username: 'omar',
  avatar: null,
  rating: 4,
  reviewCount: 7,
};
const other = buildItem({
  id: 'i1',
  title: 'Kindle Paperwhite',
  userId: owner.id,
  user: owner,
  isFavorited: false,
});
/** `other` as visitors and unapproved users receive it: only what the card shows. */
const otherCard: ItemCard = {
  id: other.id,
  title: other.title,
  description: other.description,
  category: other.category,
  condition: other.condition,
  location: other.location,
  placeId: other.placeId,
  cover: '/api/images/66a1b2c3d4e5f60718293aff?size=thumb',
  isReserved: false,
  availableUntil: null,
  user: { fullName: owner.fullName, avatar: null, rating: owner.rating, reviewCount: owner.reviewCount },
};
const mine = buildItem({ id: 'i2', title: 'Camping stove', userId: me.id, user: { ...owner, id: me.id } });

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

function card(title: string) {
  return screen.getByRole('article', { name: title });
}

describe('/browse', () => {
  it('signed in, the results are a list under an h2, so the cards’ h3 titles follow the h1 in order', async () => {
    signInAs(me, { 'GET /api/items': { body: [other, mine] } });
    renderApp('/browse');
    const list = await screen.findByRole('list', { name: 'Items' });
    expect(screen.getByRole('heading', { level: 2, name: 'Items' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: 'Kindle Paperwhite' })).toBeInTheDocument();
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)))
      .filter((level) => level > 0);
    // No level is skipped going down (h1 → h3 was axe's heading-order finding).
    levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('shows 8 skeleton cards while loading, then the items and the count', async () => {
    let release: (value: Response) => void = () => {};
    signInAs(me, {
      'GET /api/items': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp('/browse');

    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Items' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getAllByTestId('item-card-skeleton')).toHaveLength(8);

    release(jsonResponse(200, [other, mine]));
    expect(await screen.findByText('2 items found')).toBeInTheDocument();
    expect(screen.queryAllByTestId('item-card-skeleton')).toHaveLength(0);
    expect(
      within(card('Kindle Paperwhite')).getByRole('link', { name: 'Kindle Paperwhite' }),
    ).toHaveAttribute('href', '/item/i1');
    expect(within(card('Kindle Paperwhite')).getByRole('link', { name: 'Start Chat' })).toHaveAttribute(
      'href',
      `/messages?user=${owner.id}&item=i1`,
    );
    expect(within(card('Kindle Paperwhite')).getByRole('link', { name: 'Omar Owner' })).toHaveAttribute(
      'href',
      `/user/${owner.id}`,
    );
    expect(within(card('Camping stove')).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/edit-item/i2',
    );
  });

  it('sends search, category and location from the URL to the server', async () => {
    const fetchMock = signInAs(me, { 'GET /api/items': { body: [other] } });
    renderApp('/browse?q=kindle&category=Books&location=Lisbon');

    expect(await screen.findByText('1 item found')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/items?'));
    const params = new URL(String(call?.[0]), 'http://localhost').searchParams;
    expect(params.get('q')).toBe('kindle');
    expect(params.get('category')).toBe('Books');
    expect(params.get('location')).toBe('Lisbon');
    expect(screen.getByText('Showing items near: Lisbon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Books' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Set Location applies a typed place to the URL and the request; Clear removes it', async () => {
    const user = userEvent.setup();
    const fetchMock = signInAs(me, { 'GET /api/items': { body: [other] } });
    const { router } = renderApp('/browse');

    await screen.findByText('1 item found');
    await user.click(screen.getByRole('button', { name: 'Set Location' }));
    const panel = within(await screen.findByRole('region', { name: 'Set Location' }));
    await user.type(panel.getByRole('combobox', { name: 'Location' }), 'Lisbon, Portugal');
    await user.click(panel.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Showing items near: Lisbon, Portugal')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?location=Lisbon%2C+Portugal');
    const call = fetchMock.mock.calls.findLast(([url]) => String(url).startsWith('/api/items?'));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('location')).toBe(
      'Lisbon, Portugal',
    );
    expect(screen.queryByRole('region', { name: 'Set Location' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Location' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a city picked in Set Location, with "and within 50 km", filters by its place id and radius', async () => {
    const user = userEvent.setup();
    const fetchMock = signInAs(me, {
      'GET /api/items': { body: [other] },
      'GET /api/places': { body: lisbPlaces },
    });
    const { router } = renderApp('/browse');

    await screen.findByText('1 item found');
    await user.click(screen.getByRole('button', { name: 'Set Location' }));
    const panel = within(await screen.findByRole('region', { name: 'Set Location' }));
    const nearby = panel.getByRole('checkbox', { name: 'and within 50 km' });
    // The radius is around a city's centre: it waits for a city to be picked.
    expect(nearby).toBeDisabled();
    await user.type(panel.getByRole('combobox', { name: 'Location' }), 'lisb');
    await user.click(await panel.findByRole('option', { name: 'Lisbon, Portugal' }));
    await user.click(nearby);
    await user.click(panel.getByRole('button', { name: 'Apply' }));

    expect(
      await screen.findByText('Showing items near: Lisbon, Portugal · within 50 km'),
    ).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      location: 'Lisbon, Portugal',
      placeId: '2267057',
      withinKm: '50',
    });
    expect(queriesOf(fetchMock, '/api/items').at(-1)).toEqual({ placeId: '2267057', withinKm: '50' });
  });

  it('a link with a place id and no radius browses that city by its id, without the text', async () => {
    const fetchMock = signInAs(me, { 'GET /api/items': { body: [other] } });
    renderApp('/browse?location=Lisbon%2C+Portugal&placeId=2267057');

    expect(await screen.findByText('Showing items near: Lisbon, Portugal')).toBeInTheDocument();
    expect(queriesOf(fetchMock, '/api/items')).toEqual([{ placeId: '2267057' }]);
  });

  it('empty with a filter: No items found and Try adjusting your search filters', async () => {
    signInAs(me, { 'GET /api/items': { body: [] } });
    renderApp('/browse?category=Books');

    expect(await screen.findByText('No items found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search filters')).toBeInTheDocument();
    expect(screen.queryByText(/Be the first to list an item in your area!/)).not.toBeInTheDocument();
  });

  it('empty without a filter: Be the first to list an item, and check back later', async () => {
    signInAs(me, { 'GET /api/items': { body: [] } });
    renderApp('/browse');

    expect(await screen.findByText('No items found')).toBeInTheDocument();
    // Two sentences, each its own line rather than one run-on paragraph.
    const first = screen.getByText('Be the first to list an item in your area!');
    const second = screen.getByText(
      'Remember to check back at later times as our community continues to grow!',
    );
    expect(first).not.toBe(second);
    expect(first.parentElement).toBe(second.parentElement);
  });

  it('a visitor sees Limited Preview with Create Profile and Preview Mode with Sign in; no location is sent', async () => {
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/items': { body: [otherCard] },
    });
    renderApp('/browse?location=Lisbon&placeId=2267057&withinKm=50');

    expect(await screen.findByRole('heading', { name: 'Limited Preview' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Profile' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('heading', { name: 'Preview Mode' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/auth/login');
    await screen.findByText('1 item found');
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/items'));
    expect(String(call?.[0])).not.toMatch(/location|placeId|withinKm/);
    expect(within(card('Kindle Paperwhite')).queryByRole('link', { name: 'Kindle Paperwhite' })).toBeNull();
    // The card view renders like the full item: cover thumbnail, description, place and owner summary.
    expect(card('Kindle Paperwhite').querySelector('img')).toHaveAttribute('src', otherCard.cover);
    expect(within(card('Kindle Paperwhite')).getByText(other.description)).toBeInTheDocument();
    expect(within(card('Kindle Paperwhite')).getByText(other.location)).toBeInTheDocument();
    expect(within(card('Kindle Paperwhite')).getByText('Omar Owner')).toBeInTheDocument();
    expect(
      within(card('Kindle Paperwhite')).getByRole('link', { name: 'Log in to contact' }),
    ).toHaveAttribute('href', '/auth/login');
  });

  it('a visitor who picked a city on home sees it and what signing in gives; tapping a card says why nothing opens', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/items': { body: [otherCard] },
    });
    renderApp('/browse?location=Lisbon%2C%20Portugal&placeId=2267057');

    expect(
      await screen.findByText('You picked Lisbon, Portugal — showing items from every city'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Sign in to see only Lisbon's items" })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    await screen.findByText('1 item found');
    await userEvent.click(
      within(card('Kindle Paperwhite')).getByRole('button', { name: 'Kindle Paperwhite' }),
    );
    expect(
      await within(screen.getByRole('region', { name: /Notifications/ })).findByText('Log in to see details'),
    ).toBeInTheDocument();
  });

  it('the heart turns on at once and reverts with a toast when the call fails', async () => {
    let fail: () => void = () => {};
    signInAs(me, {
      'GET /api/items': { body: [other] },
      [`POST /api/favorites/${other.id}`]: () =>
        new Promise<Response>((resolve) => (fail = () => resolve(jsonResponse(500, { error: 'Boom' })))),
    });
    renderApp('/browse');

    const heart = await screen.findByRole('button', { name: 'Add to favorites' });
    await userEvent.click(heart);
    expect(screen.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    fail();
    expect(await screen.findByRole('button', { name: 'Add to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(toasts().getByText('Failed to update favorites')).toBeInTheDocument();
  });

  it('the owner marks an item swapped and back, with the toasts of the spec', async () => {
    let swapped = false;
    signInAs(me, {
      'GET /api/items': () => jsonResponse(200, [{ ...mine, isSwapped: swapped }]),
      [`POST /api/items/${mine.id}/toggle-swapped`]: () => {
        swapped = !swapped;
        return jsonResponse(200, { ...mine, isSwapped: swapped });
      },
    });
    renderApp('/browse');

    const checkbox = await screen.findByRole('checkbox', { name: 'Mark as swapped' });
    await userEvent.click(checkbox);
    expect(await toasts().findByText('Item marked as swapped')).toBeInTheDocument();
    expect(toasts().getByText('Your item is now marked as successfully exchanged')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mark as swapped' })).toBeChecked());

    await userEvent.click(screen.getByRole('checkbox', { name: 'Mark as swapped' }));
    expect(await toasts().findByText('Item marked as available')).toBeInTheDocument();
    expect(toasts().getByText('Your item is now visible to other travelers again')).toBeInTheDocument();
  });

  it('a failed swapped toggle says Failed to update item status', async () => {
    signInAs(me, {
      'GET /api/items': { body: [mine] },
      [`POST /api/items/${mine.id}/toggle-swapped`]: {
        status: 500,
        body: { error: 'Internal Server Error' },
      },
    });
    renderApp('/browse');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Mark as swapped' }));
    expect(await toasts().findByText('Failed to update item status')).toBeInTheDocument();
  });

  it('an unapproved viewer sees a dimmed card with a disabled Approval Required button and no item link', async () => {
    signInAs(buildUser({ isApproved: false, approvedAt: null }), { 'GET /api/items': { body: [otherCard] } });
    renderApp('/browse');

    const button = await screen.findByRole('button', { name: 'Approval Required' });
    expect(button).toBeDisabled();
    expect(card('Kindle Paperwhite')).toHaveClass('border-dashed');
    // Only the photo fades: the card's text keeps its contrast.
    expect(card('Kindle Paperwhite')).not.toHaveClass('opacity-60');
    expect(card('Kindle Paperwhite').querySelector('.opacity-60')).not.toBeNull();
    expect(within(card('Kindle Paperwhite')).queryByRole('link', { name: 'Kindle Paperwhite' })).toBeNull();
    expect(within(card('Kindle Paperwhite')).queryByRole('link', { name: 'Omar Owner' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Pending Approval' })).toBeInTheDocument();
  });

  it('Load more asks for the next page with the cursor from X-Next-Cursor', async () => {
    const second = buildItem({ id: 'i9', title: 'Ukulele', userId: owner.id, user: owner });
    const fetchMock = signInAs(me, {
      'GET /api/items': () => {
        const last = fetchMock.mock.calls.at(-1);
        const cursor = new URL(String(last?.[0]), 'http://localhost').searchParams.get('cursor');
        return cursor === 'c2'
          ? jsonResponse(200, [second])
          : new Response(JSON.stringify([other]), { status: 200, headers: { 'X-Next-Cursor': 'c2' } });
      },
    });
    renderApp('/browse');

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Ukulele' })).toBeInTheDocument();
    expect(screen.getByText('2 items found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
