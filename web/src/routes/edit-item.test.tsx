import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  healthyResponse,
  mockApi,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';

const me = buildUser();
const PHOTO = '/api/images/66a1b2c3d4e5f60718293a99?size=full';
const mine = buildItem({
  id: 'i1',
  title: 'Camping stove',
  userId: me.id,
  photos: [
    { id: '66a1b2c3d4e5f60718293a99', state: 'ready', thumb: PHOTO.replace('full', 'thumb'), full: PHOTO },
  ],
  images: [PHOTO],
});

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('/edit-item/:id', () => {
  it('logged out: Please log in to edit items', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/edit-item/i1');

    expect(await screen.findByText('Please log in to edit items')).toBeInTheDocument();
  });

  it('someone else’s item: Access denied / You can only edit your own items.', async () => {
    signInAs(me, { 'GET /api/items/i1': { body: { ...mine, userId: '65f1a2b3c4d5e6f708192a77' } } });
    renderApp('/edit-item/i1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText('You can only edit your own items.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('a missing item: Item not found', async () => {
    signInAs(me, { 'GET /api/items/i1': { status: 404, body: { error: 'Item not found' } } });
    renderApp('/edit-item/i1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeInTheDocument();
  });

  it('a malformed id (400) is Item not found too, with a way back and no Try again', async () => {
    signInAs(me, { 'GET /api/items/abc': { status: 400, body: { error: 'Invalid id' } } });
    renderApp('/edit-item/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/browse');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('the owner can mark a swapped item available again while editing', async () => {
    signInAs(me, {
      'GET /api/items/i1': { body: { ...mine, isSwapped: true } },
      'POST /api/items/i1/toggle-swapped': { body: { ...mine, isSwapped: false } },
    });
    renderApp('/edit-item/i1');

    const checkbox = await screen.findByRole('checkbox', { name: 'Mark as swapped' });
    expect(checkbox).toBeChecked();
    await userEvent.click(checkbox);
    await waitFor(() => expect(toasts().getByText('Item marked as available')).toBeInTheDocument());
    expect(toasts().getByText('Your item is now visible to other travelers again')).toBeInTheDocument();
  });

  it('Save Changes sends the fields with the kept photo URL, toasts and goes to /browse', async () => {
    const fetchMock = signInAs(me, {
      'GET /api/items/i1': { body: mine },
      'PUT /api/items/i1': { body: { ...mine, title: 'Camping stove + gas' } },
      'GET /api/items': { body: [] },
    });
    const { router } = renderApp('/edit-item/i1');
    const user = userEvent.setup();

    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Camping stove');
    await user.clear(title);
    await user.type(title, 'Camping stove + gas');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(requestBody(fetchMock, 'PUT', '/api/items/i1')).toMatchObject({
      title: 'Camping stove + gas',
      category: mine.category,
      condition: mine.condition,
      images: [PHOTO],
    });
    expect(toasts().getByText('Item updated successfully!')).toBeInTheDocument();
  });

  it('a failed save toasts Failed to update item', async () => {
    signInAs(me, { 'GET /api/items/i1': { body: mine }, 'PUT /api/items/i1': { status: 500, body: null } });
    renderApp('/edit-item/i1');

    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await toasts().findByText('Failed to update item')).toBeInTheDocument();
    expect(toasts().getByText('Please try again.')).toBeInTheDocument();
  });

  it('Delete asks first; confirming deletes, toasts Item deleted and goes to /browse', async () => {
    const fetchMock = signInAs(me, {
      'GET /api/items/i1': { body: mine },
      'DELETE /api/items/i1': { status: 204 },
      'GET /api/items': { body: [] },
    });
    const { router } = renderApp('/edit-item/i1');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this item?' });
    expect(wasCalled(fetchMock, 'DELETE', '/api/items/i1')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Item' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(wasCalled(fetchMock, 'DELETE', '/api/items/i1')).toBe(true);
    await waitFor(() => expect(toasts().getByText('Item deleted')).toBeInTheDocument());
  });
});
