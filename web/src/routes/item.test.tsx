import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prefetchItemPage } from './item';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  healthyResponse,
  jsonResponse,
  mockApi,
  signInAs,
  wasCalled,
} from '../testing/api-mock';

const me = buildUser();
const owner = {
  id: '65f1a2b3c4d5e6f708192a77',
  fullName: 'Omar Owner',
  username: 'omar',
  avatar: null,
  rating: 4.5,
  reviewCount: 2,
};
const item = buildItem({
  id: 'i1',
  title: 'Kindle Paperwhite',
  category: 'Electronics',
  condition: 'excellent',
  userId: owner.id,
  user: owner,
  preferredExchange: 'A yoga mat',
  isFavorited: false,
  photos: [
    { id: 'p1', state: 'ready', thumb: '/api/images/p1?size=thumb', full: '/api/images/p1?size=full' },
    { id: 'p2', state: 'ready', thumb: '/api/images/p2?size=thumb', full: '/api/images/p2?size=full' },
  ],
  images: ['/api/images/p1?size=full', '/api/images/p2?size=full'],
});

describe('/item/:id', () => {
  it('shows the item: gallery, badges, description, preferred exchange and Listed by', async () => {
    signInAs(me, { 'GET /api/items/i1': { body: item } });
    renderApp('/item/i1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kindle Paperwhite' })).toBeInTheDocument();
    expect(screen.getByText('Electronics')).toBeInTheDocument();
    expect(screen.getByText('Excellent - Like new')).toBeInTheDocument();
    expect(screen.getByText('A yoga mat')).toBeInTheDocument();
    expect(screen.getByText(/Listed on/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Kindle Paperwhite, photo 1 of 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByRole('img', { name: 'Kindle Paperwhite, photo 2 of 2' })).toHaveAttribute(
      'src',
      '/api/images/p2?size=full',
    );
    const listedBy = screen.getByRole('region', { name: 'Listed by' });
    expect(within(listedBy).getByRole('link')).toHaveAttribute('href', `/user/${owner.id}`);
    expect(within(listedBy).getByText('@omar')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Item' })).not.toBeInTheDocument();
  });

  it('opened directly, the item is read once and the tab’s title names it', async () => {
    const fetchMock = signInAs(me, { 'GET /api/items/i1': { body: item } });
    // As boot.tsx does for a direct visit: who is signed in and the item are read before the page's first render.
    const { router, queryClient } = renderApp('/community-rules');
    await prefetchItemPage(queryClient, 'i1');
    await router.navigate('/item/i1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kindle Paperwhite' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kindle Paperwhite · NomadSwap'));
    const reads = fetchMock.mock.calls.filter(
      ([url, init]) =>
        new URL(String(url), 'http://localhost').pathname === '/api/items/i1' &&
        (init?.method ?? 'GET').toUpperCase() === 'GET',
    );
    expect(reads).toHaveLength(1);
  });

  it('Message Owner opens Safety First with 5 tips, Continue to Message and the guidelines link', async () => {
    signInAs(me, { 'GET /api/items/i1': { body: item } });
    renderApp('/item/i1');

    await userEvent.click(await screen.findByRole('button', { name: 'Message Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Safety First' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Safety tips' })).getAllByRole('listitem'),
    ).toHaveLength(5);
    expect(within(dialog).getByRole('link', { name: 'Continue to Message' })).toHaveAttribute(
      'href',
      `/messages?user=${owner.id}&item=i1`,
    );
    expect(within(dialog).getByRole('link', { name: 'Read our safety guidelines' })).toHaveAttribute(
      'href',
      '/safety-guidelines',
    );
  });

  it('Safety First takes focus and, closed with Escape or Cancel, gives it back to Message Owner', async () => {
    signInAs(me, { 'GET /api/items/i1': { body: item } });
    renderApp('/item/i1');
    const opener = await screen.findByRole('button', { name: 'Message Owner' });

    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Safety First' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('the favourite button calls the toggle endpoint', async () => {
    const fetchMock = signInAs(me, {
      'GET /api/items/i1': { body: item },
      'POST /api/items/i1/favorite': { body: { isFavorited: true } },
    });
    renderApp('/item/i1');

    await userEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/items/i1/favorite')).toBe(true);
  });

  it('the owner sees Edit Item instead of Message Owner', async () => {
    signInAs(me, { 'GET /api/items/i1': { body: { ...item, userId: me.id } } });
    renderApp('/item/i1');

    expect(await screen.findByRole('link', { name: 'Edit Item' })).toHaveAttribute('href', '/edit-item/i1');
    expect(screen.queryByRole('button', { name: 'Message Owner' })).not.toBeInTheDocument();
  });

  it('the owner of a swapped item can mark it available again from the detail page', async () => {
    let swapped = true;
    signInAs(me, {
      'GET /api/items/i1': () => jsonResponse(200, { ...item, userId: me.id, isSwapped: swapped }),
      'POST /api/items/i1/toggle-swapped': () => {
        swapped = !swapped;
        return jsonResponse(200, { ...item, userId: me.id, isSwapped: swapped });
      },
    });
    renderApp('/item/i1');

    const checkbox = await screen.findByRole('checkbox', { name: 'Mark as swapped' });
    expect(checkbox).toBeChecked();
    await userEvent.click(checkbox);
    expect(await screen.findByText('Item marked as available')).toBeInTheDocument();
    expect(screen.getByText('Your item is now visible to other travelers again')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mark as swapped' })).not.toBeChecked());
  });

  it('another viewer gets no swapped checkbox', async () => {
    signInAs(me, { 'GET /api/items/i1': { body: { ...item, isSwapped: true } } });
    renderApp('/item/i1');

    expect(await screen.findByRole('button', { name: 'Message Owner' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  for (const [status, path] of [
    [400, '/item/abc'],
    [404, '/item/65f1a2b3c4d5e6f708192aff'],
  ] as const) {
    it(`an id the server answers ${status} for shows Item not found with a way back, and no Try again`, async () => {
      const id = path.split('/').pop()!;
      signInAs(me, {
        [`GET /api/items/${id}`]: {
          status,
          body:
            status === 400 ? { error: 'Invalid id', code: 'VALIDATION_FAILED' } : { error: 'Item not found' },
        },
      });
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/browse');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });
  }

  it('a server failure offers Try again, which asks again', async () => {
    let calls = 0;
    signInAs(me, {
      'GET /api/items/i1': () => {
        calls += 1;
        return calls === 1 ? jsonResponse(503, { error: 'Service unavailable' }) : jsonResponse(200, item);
      },
    });
    renderApp('/item/i1');

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kindle Paperwhite' })).toBeInTheDocument();
  });

  it('a refusal that is neither missing nor a server failure offers no Try again', async () => {
    signInAs(me, { 'GET /api/items/i1': { status: 429, body: { error: 'Too many requests' } } });
    renderApp('/item/i1');

    expect(await screen.findByText("We couldn't load this item right now.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a missing item shows Item not found', async () => {
    signInAs(me, {
      'GET /api/items/i1': { status: 404, body: { error: 'Item not found', code: 'NOT_FOUND' } },
    });
    renderApp('/item/i1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeInTheDocument();
  });

  it('an unapproved viewer gets Approval Required with the spec text', async () => {
    signInAs(buildUser({ isApproved: false }), {
      'GET /api/items/i1': { status: 403, body: { error: 'Approval Required', code: 'NOT_APPROVED' } },
    });
    renderApp('/item/i1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Approval Required' })).toBeInTheDocument();
    expect(
      screen.getByText('You need to be approved to view item details. Please wait for admin approval.'),
    ).toBeInTheDocument();
  });

  it('a visitor is asked to log in and no item call is made', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/item/i1');

    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'GET', '/api/items/i1')).toBe(false);
  });
});
