import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import type { Item } from '@nomadswap/contracts/responses';
import { renderApp } from '../testing/render-app';
import {
  buildExchange,
  buildItem,
  buildUser,
  jsonResponse,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';

const me = buildUser();
const marco = {
  id: '65f1a2b3c4d5e6f708192a77',
  fullName: 'Marco Rossi',
  username: 'marco',
  avatar: null,
  rating: 4.5,
  reviewCount: 2,
};
const tent = buildItem({ id: 'i1', title: 'Blue tent', userId: marco.id, user: marco });
/** Lena's own listings: four available, one swapped, one reserved for someone else. */
const mine: Item[] = [
  ...['Camping stove', 'Hiking poles', 'Travel pillow', 'Head torch'].map((title, n) =>
    buildItem({ id: `m${n + 1}`, title, userId: me.id }),
  ),
  buildItem({ id: 'm5', title: 'Old map', userId: me.id, isSwapped: true }),
  buildItem({ id: 'm6', title: 'Promised guidebook', userId: me.id, isReserved: true }),
];

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

beforeAll(async () => {
  await import('./item');
});

describe('/item/:id swaps', () => {
  it('Request this item sits beside Message Owner and offers only my available items', async () => {
    signInAs(me, {
      'GET /api/items/i1': { body: tent },
      'GET /api/items': { body: mine },
      'GET /api/exchanges': { body: [] },
    });
    renderApp('/item/i1');
    expect(await screen.findByRole('button', { name: 'Message Owner' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Request this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Blue tent' });
    const offers = within(dialog).getByRole('group', { name: 'Offer your items in return (optional)' });
    expect(await within(offers).findAllByRole('checkbox')).toHaveLength(4);
    expect(within(offers).queryByText('Old map')).not.toBeInTheDocument();
    expect(within(offers).queryByText('Promised guidebook')).not.toBeInTheDocument();
  });

  // The limit at its exact value (3 can be offered and are sent) and one past it (the 4th cannot be ticked).
  it(`offers at most ${EXCHANGE_LIMITS.offeredItemsMax} items: the 3rd is taken, the 4th refused`, async () => {
    const fetchMock = signInAs(me, {
      'GET /api/items/i1': { body: tent },
      'GET /api/items': { body: mine },
      'GET /api/exchanges': { body: [] },
      'POST /api/exchanges': (init) =>
        jsonResponse(
          201,
          buildExchange({
            requesterId: me.id,
            ownerId: marco.id,
            ...(JSON.parse(String(init?.body)) as object),
          }),
        ),
    });
    renderApp('/item/i1');
    await userEvent.click(await screen.findByRole('button', { name: 'Request this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Blue tent' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'For my trip!');
    for (const title of ['Camping stove', 'Hiking poles', 'Travel pillow']) {
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: title }));
    }
    expect(within(dialog).getByText(/3 of 3 selected/)).toHaveTextContent('You can offer up to 3 items');
    const fourth = within(dialog).getByRole('checkbox', { name: 'Head torch' });
    expect(fourth).toBeDisabled();
    await userEvent.click(fourth);
    expect(fourth).not.toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await toasts().findByText('Request sent')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/api/exchanges')).toEqual({
      itemId: 'i1',
      message: 'For my trip!',
      offeredItemIds: ['m1', 'm2', 'm3'],
    });
    // Asked: the page now points to the chat instead of asking again.
    expect(await screen.findByText('You asked for this item')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View in chat' })).toHaveAttribute(
      'href',
      `/messages?user=${marco.id}&item=i1`,
    );
  });

  it('unticking one of three frees the others again', async () => {
    signInAs(me, {
      'GET /api/items/i1': { body: tent },
      'GET /api/items': { body: mine },
      'GET /api/exchanges': { body: [] },
    });
    renderApp('/item/i1');
    await userEvent.click(await screen.findByRole('button', { name: 'Request this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Blue tent' });
    for (const title of ['Camping stove', 'Hiking poles', 'Travel pillow']) {
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: title }));
    }
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hiking poles' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Head torch' })).toBeEnabled();
  });

  it('a refused request shows the server’s reason', async () => {
    signInAs(me, {
      'GET /api/items/i1': { body: tent },
      'GET /api/items': { body: [] },
      'GET /api/exchanges': { body: [] },
      'POST /api/exchanges': {
        status: 403,
        body: { error: 'You cannot swap with this user', code: 'BLOCKED' },
      },
    });
    renderApp('/item/i1');
    await userEvent.click(await screen.findByRole('button', { name: 'Request this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Blue tent' });
    expect(
      within(dialog).getByText('You have no available items to offer. You can still ask.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot swap with this user');
  });

  it('a reserved item says Reserved, and Reserved for you to its requester', async () => {
    signInAs(me, {
      'GET /api/items/i1': { body: { ...tent, isReserved: true, reservedFor: null } },
      'GET /api/items': { body: [] },
      'GET /api/exchanges': { body: [] },
    });
    const { unmount } = renderApp('/item/i1');
    expect(await screen.findByText('Reserved')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Request this item' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(/reserved for someone else\. You can still ask/),
    ).toBeInTheDocument();
    unmount();

    signInAs(me, {
      'GET /api/items/i1': { body: { ...tent, isReserved: true, reservedFor: me.id } },
      'GET /api/exchanges': {
        body: [buildExchange({ requesterId: me.id, ownerId: marco.id, status: 'accepted' })],
      },
    });
    renderApp('/item/i1');
    expect(await screen.findByText('Reserved for you')).toBeInTheDocument();
    expect(await screen.findByText('You asked for this item')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request this item' })).not.toBeInTheDocument();
  });

  it('the owner sees the open requests with what is offered, and accepts one', async () => {
    const mineTent = { ...tent, userId: me.id, user: { ...marco, id: me.id, fullName: me.fullName } };
    const request = buildExchange({
      message: 'Could I have it on Saturday?',
      offeredItemIds: ['x1'],
      offeredItems: [
        { id: 'x1', title: 'Yoga mat', image: null, ownerId: marco.id, isSwapped: false, deleted: false },
      ],
    });
    const fetchMock = signInAs(me, {
      'GET /api/items/i1': { body: mineTent },
      'GET /api/exchanges': { body: [request] },
      [`POST /api/exchanges/${request.id}/accept`]: {
        body: { exchange: { ...request, status: 'accepted', acceptedAt: new Date().toISOString() } },
      },
    });
    renderApp('/item/i1');
    const section = await screen.findByRole('region', { name: 'Requests for this item' });
    const card = await within(section).findByRole('article', { name: 'Marco Rossi asked for Blue tent' });
    expect(within(card).getByText('Could I have it on Saturday?')).toBeInTheDocument();
    expect(within(card).getByText('Yoga mat')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Chat with Marco Rossi' })).toHaveAttribute(
      'href',
      `/messages?user=${marco.id}&item=i1`,
    );
    expect(screen.queryByRole('button', { name: 'Request this item' })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(wasCalled(fetchMock, 'POST', `/api/exchanges/${request.id}/accept`)).toBe(true),
    );
    // Accepted: no longer an open request here; the page reads the item again (now reserved).
    expect(await within(section).findByText('No open requests yet.')).toBeInTheDocument();
  });
});
