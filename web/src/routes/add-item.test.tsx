import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as ImageResize from '../lib/image-resize';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  healthyResponse,
  lisbPlaces,
  mockApi,
  requestBody,
  signInAs,
} from '../testing/api-mock';

const RESIZED = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

vi.mock('../lib/image-resize', async (importOriginal) => ({
  ...(await importOriginal<typeof ImageResize>()),
  resizeImage: vi.fn(async () => RESIZED),
}));

const me = buildUser();

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

function photo(name: string, size = 1024) {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Title, description, category and condition, all valid. */
async function fillItemForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Title'), 'Osprey backpack');
  await user.type(screen.getByLabelText('Description'), 'Carry-on size, used once.');
  await user.selectOptions(screen.getByLabelText('Category'), 'Travel Gear');
  await user.selectOptions(screen.getByLabelText('Condition'), 'good');
}

describe('/add-item', () => {
  it('logged out: Authentication Required with Log In', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/add-item');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authentication Required' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Log In' })[0]).toHaveAttribute('href', '/auth/login');
  });

  it('unapproved: Pending Admin Approval, Please check back! and Return Home', async () => {
    signInAs(buildUser({ isApproved: false }));
    renderApp('/add-item');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pending Admin Approval' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please check back!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('approved: the form validates with the shared schema messages', async () => {
    signInAs(me);
    renderApp('/add-item');

    expect(await screen.findByRole('heading', { level: 1, name: 'List Your Item' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'List Item' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a category')).toBeInTheDocument();
    expect(screen.getByText('Please select a condition')).toBeInTheDocument();
  });

  it('lists an item with a resized photo, toasts and goes to /browse', async () => {
    const fetchMock = signInAs(me, {
      'POST /api/items': { status: 201, body: buildItem() },
      'GET /api/items': { body: [] },
    });
    const { router } = renderApp('/add-item');
    const user = userEvent.setup();

    await fillItemForm(user);
    await user.upload(screen.getByLabelText('Add Photo'), photo('a.jpg'));
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', RESIZED);
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(requestBody(fetchMock, 'POST', '/api/items')).toEqual({
      title: 'Osprey backpack',
      description: 'Carry-on size, used once.',
      category: 'Travel Gear',
      condition: 'good',
      location: me.location,
      placeId: me.placeId,
      preferredExchange: '',
      images: [RESIZED],
      userId: me.id,
    });
    expect(toasts().getByText('Item listed!')).toBeInTheDocument();
  });

  it('a city picked from the suggestions is listed with its placeId', async () => {
    const fetchMock = signInAs(me, {
      'GET /api/places': { body: lisbPlaces },
      'POST /api/items': { status: 201, body: buildItem() },
      'GET /api/items': { body: [] },
    });
    const { router } = renderApp('/add-item');
    const user = userEvent.setup();

    await fillItemForm(user);
    const location = screen.getByRole('combobox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'lisb');
    await user.click(await screen.findByRole('option', { name: 'Lisburn, United Kingdom' }));
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(requestBody(fetchMock, 'POST', '/api/items')).toMatchObject({
      location: 'Lisburn, United Kingdom',
      placeId: '2644411',
    });
  });

  it('the add control hides at 3 photos; a fourth is refused with Maximum photos reached', async () => {
    signInAs(me);
    renderApp('/add-item');
    const user = userEvent.setup();

    await user.upload(await screen.findByLabelText('Add Photo'), [
      photo('a.jpg'),
      photo('b.jpg'),
      photo('c.jpg'),
      photo('d.jpg'),
    ]);
    expect(await screen.findByRole('img', { name: 'Photo 3' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo 4' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add Photo')).not.toBeInTheDocument();
    expect(toasts().getByText('Maximum photos reached')).toBeInTheDocument();
    expect(toasts().getByText('You can upload up to 3 photos per item.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByLabelText('Add Photo')).toBeInTheDocument();
  });

  it('a file over 10 MB gets File too large and is not added', async () => {
    signInAs(me);
    renderApp('/add-item');

    await userEvent.upload(
      await screen.findByLabelText('Add Photo'),
      photo('huge.jpg', 10 * 1024 * 1024 + 1),
    );
    expect(await toasts().findByText('File too large')).toBeInTheDocument();
    expect(toasts().getByText('Please select an image smaller than 10MB.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo 1' })).not.toBeInTheDocument();
  });

  it('a refused listing toasts Failed to list item with the server message', async () => {
    signInAs(me, {
      'POST /api/items': { status: 413, body: { error: 'File too large', code: 'PAYLOAD_TOO_LARGE' } },
    });
    renderApp('/add-item');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Title'), 'Tent');
    await user.type(screen.getByLabelText('Description'), 'Two-person tent.');
    await user.selectOptions(screen.getByLabelText('Category'), 'Sports');
    await user.selectOptions(screen.getByLabelText('Condition'), 'fair');
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    expect(await toasts().findByText('Failed to list item')).toBeInTheDocument();
    expect(toasts().getByText('File too large')).toBeInTheDocument();
  });
});
