import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as ImageResize from '../lib/image-resize';
import { renderApp } from '../testing/render-app';
import { createQueryClient } from '../lib/query-client';
import { prefetchProfilePage } from './profile-prefetch';
import {
  buildItem,
  buildReview,
  buildUser,
  healthyResponse,
  jsonResponse,
  mockApi,
  lisbPlaces,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';

const RESIZED = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

vi.mock('../lib/image-resize', async (importOriginal) => ({
  ...(await importOriginal<typeof ImageResize>()),
  resizeImage: vi.fn(async () => RESIZED),
}));

const me = buildUser({
  fullName: 'Lena Traveller',
  rating: 4.25,
  reviewCount: 3,
  completedSwaps: 2,
  isVerified: true,
});
const USER_PATH = `/api/users/${me.id}`;

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('/profile', () => {
  it('signed out: Authentication Required with a Log In link', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Log In' })[0]).toHaveAttribute('href', '/auth/login');
  });

  it('a favourite is removed from the Favorites tab and the list is read again', async () => {
    let favorites = [buildItem({ id: 'f1', title: 'Guitar' })];
    const fetchMock = signInAs(me, {
      'GET /api/items': { body: [] },
      'GET /api/favorites': () =>
        new Response(JSON.stringify(favorites), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      'DELETE /api/favorites/f1': () => {
        favorites = [];
        return new Response(null, { status: 204 });
      },
      [`GET /api/reviews/${me.id}`]: { body: [] },
    });
    renderApp('/profile?tab=favorites');

    await userEvent.click(await screen.findByRole('button', { name: 'Remove from favorites: Guitar' }));
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', '/api/favorites/f1')).toBe(true);
  });

  it('shows the header, the item counts and tab labels with counts', async () => {
    signInAs(me, {
      'GET /api/items': {
        body: [
          buildItem({ id: 'a1', title: 'Tent' }),
          buildItem({ id: 'a2', title: 'Kindle', isSwapped: true }),
        ],
      },
      'GET /api/favorites': { body: [buildItem({ id: 'f1', title: 'Guitar' })] },
      [`GET /api/reviews/${me.id}`]: { body: [buildReview()] },
    });
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Traveller' })).toBeInTheDocument();
    expect(screen.getByText('@lisbonlena')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByText('(3 reviews)')).toBeInTheDocument();
    expect(screen.getByText('2 swaps completed')).toBeInTheDocument();

    expect(await screen.findByRole('tab', { name: 'My Items (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Favorites (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Reviews (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Stats' })).toBeInTheDocument();

    const totals = screen.getByText('Total Items').parentElement!;
    expect(within(totals).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByText('Swapped Items').parentElement!).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByText('Available Items').parentElement!).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Tent' })).toHaveAttribute('href', '/edit-item/a1');
  });

  it('a swapped item in My Items can be made available again, with the toasts of the spec', async () => {
    const kindle = buildItem({ id: 'a2', title: 'Kindle', userId: me.id, isSwapped: true });
    let swapped = true;
    signInAs(me, {
      'GET /api/items': () => jsonResponse(200, [{ ...kindle, isSwapped: swapped }]),
      'POST /api/items/a2/toggle-swapped': () => {
        swapped = !swapped;
        return jsonResponse(200, { ...kindle, isSwapped: swapped });
      },
    });
    renderApp('/profile');

    const tile = within((await screen.findByRole('link', { name: 'Kindle' })).closest('article')!);
    expect(tile.getByText('Swapped')).toBeInTheDocument();
    const checkbox = tile.getByRole('checkbox', { name: 'Mark as swapped' });
    expect(checkbox).toBeChecked();

    await userEvent.click(checkbox);
    await waitFor(() => expect(toasts().getByText('Item marked as available')).toBeInTheDocument());
    expect(toasts().getByText('Your item is now visible to other travelers again')).toBeInTheDocument();
    await waitFor(() => expect(tile.getByRole('checkbox', { name: 'Mark as swapped' })).not.toBeChecked());
    expect(tile.getByText('Available')).toBeInTheDocument();
  });

  it('when the item and review services fail, the sections say so inline and the page keeps working', async () => {
    signInAs(me);
    renderApp('/profile');

    expect(await screen.findByText("We couldn't load these items right now.")).toBeInTheDocument();
    expect(screen.getByText('Item counts are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Items' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText("We couldn't load the reviews right now.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Stats' }));
    expect(screen.getByText('Average rating')).toBeInTheDocument();
    expect(screen.getByText('Exchanges completed')).toBeInTheDocument();
  });

  it('Pending Reviews lists my unreviewed swaps with Leave a Review for that exchange; Stats and Reviews', async () => {
    signInAs(me, {
      'GET /api/reviews/pending': {
        body: [
          {
            exchangeId: '68c1d2e3f4a5b6c7d8e9f0a1',
            completedAt: '2024-06-01T10:00:00.000Z',
            otherUser: {
              id: '65f1a2b3c4d5e6f708192a99',
              fullName: 'Marco Rossi',
              username: 'marco',
              avatar: null,
            },
            item: { id: 'i1', title: 'Camping stove' },
          },
        ],
      },
      [`GET /api/reviews/${me.id}`]: { body: [buildReview()] },
    });
    renderApp('/profile');

    await userEvent.click(await screen.findByRole('tab', { name: 'Pending Reviews' }));
    expect(await screen.findByText('Camping stove')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leave a Review for Marco Rossi' })).toHaveAttribute(
      'href',
      '/review/65f1a2b3c4d5e6f708192a99?exchange=68c1d2e3f4a5b6c7d8e9f0a1',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Reviews (1)' }));
    expect(await screen.findByRole('link', { name: 'Marco Rossi' })).toHaveAttribute(
      'href',
      '/user/65f1a2b3c4d5e6f708192a99',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Stats' }));
    expect(within(screen.getByText('Average rating').parentElement!).getByText('4.3')).toBeInTheDocument();
    expect(within(screen.getByText('Exchanges completed').parentElement!).getByText('2')).toBeInTheDocument();
  });

  it('Pending Reviews, nothing to review: the empty state', async () => {
    signInAs(me, { 'GET /api/reviews/pending': { body: [] } });
    renderApp('/profile');

    await userEvent.click(await screen.findByRole('tab', { name: 'Pending Reviews' }));
    expect(await screen.findByText('No pending reviews')).toBeInTheDocument();
  });

  it('Edit Profile sends only fullName, location and bio, then shows the updated user', async () => {
    const updated = { ...me, fullName: 'Lena T.', location: 'Bangkok, Thailand', bio: 'Now in Bangkok.' };
    const fetchMock = signInAs(me, { [`PUT ${USER_PATH}`]: { body: updated } });
    const { queryClient } = renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const fullName = await screen.findByLabelText('Full Name');
    await user.clear(fullName);
    await user.type(fullName, 'Lena T.');
    await user.clear(screen.getByLabelText('Location'));
    await user.type(screen.getByLabelText('Location'), 'Bangkok, Thailand');
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Now in Bangkok.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena T.' })).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', USER_PATH)).toEqual({
      fullName: 'Lena T.',
      location: 'Bangkok, Thailand',
      bio: 'Now in Bangkok.',
    });
    expect(wasCalled(fetchMock, 'POST', `${USER_PATH}/avatar`)).toBe(false);
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(updated);
    expect(toasts().getByText('Profile updated')).toBeInTheDocument();
  });

  it('Edit Profile with a city picked by keyboard sends its placeId with the label', async () => {
    const fetchMock = signInAs(me, {
      'GET /api/places': { body: lisbPlaces },
      [`PUT ${USER_PATH}`]: { body: { ...me, location: 'Lisburn, United Kingdom' } },
    });
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const location = await screen.findByRole('combobox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'lisb');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(
      screen.getByRole('option', { name: 'Lisburn, United Kingdom', selected: true }),
    ).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(wasCalled(fetchMock, 'PUT', USER_PATH)).toBe(true));
    expect(requestBody(fetchMock, 'PUT', USER_PATH)).toEqual({
      fullName: me.fullName,
      location: 'Lisburn, United Kingdom',
      placeId: '2644411',
      bio: me.bio,
    });
  });

  it('Edit Profile keeps the stored city id while the location is untouched', async () => {
    const fetchMock = signInAs(me, { [`PUT ${USER_PATH}`]: { body: me } });
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(wasCalled(fetchMock, 'PUT', USER_PATH)).toBe(true));
    expect(requestBody(fetchMock, 'PUT', USER_PATH)).toMatchObject({
      location: me.location,
      placeId: me.placeId,
    });
  });

  it("the server's refusal of the city id is shown on the Location field", async () => {
    signInAs(me, {
      [`PUT ${USER_PATH}`]: {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'VALIDATION',
          details: [{ field: 'placeId', message: 'Choose a city from the list' }],
        },
      },
    });
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription(
        'Choose a city from the list',
      ),
    );
  });

  it('a new photo is resized and sent to the avatar endpoint after the profile fields', async () => {
    const withPhoto = { ...me, avatar: `/api/avatars/${me.id}` };
    const fetchMock = signInAs(me, {
      [`PUT ${USER_PATH}`]: { body: me },
      [`POST ${USER_PATH}/avatar`]: { body: withPhoto },
    });
    const { queryClient } = renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.upload(
      await screen.findByLabelText('Profile Photo'),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: 'Profile photo preview' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(queryClient.getQueryData(['auth', 'me'])).toEqual(withPhoto));
    expect(requestBody(fetchMock, 'POST', `${USER_PATH}/avatar`)).toEqual({ avatar: RESIZED });
  });

  it('a refused update shows Update failed with the reason and keeps the form open', async () => {
    signInAs(me, {
      [`PUT ${USER_PATH}`]: {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'location', message: 'Location is required' }],
        },
      },
    });
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Update failed')).toBeInTheDocument();
    expect(toasts().getByText('Validation failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription('Location is required');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('an unapproved user is not asked for favourites and is told why', async () => {
    const fetchMock = signInAs({ ...me, isApproved: false, approvedAt: null });
    renderApp('/profile');

    await userEvent.click(await screen.findByRole('tab', { name: 'Favorites' }));

    expect(
      screen.getByText('You need to be approved to favorite items. Please wait for admin approval.'),
    ).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'GET', '/api/favorites')).toBe(false);
  });

  it("the page's first reads ask for the settings below the fold too (approved users), without waiting for them", async () => {
    let answerSettings: (() => void) | undefined;
    const settingsAnswered = new Promise<void>((resolve) => (answerSettings = resolve));
    const fetchMock = signInAs(me, {
      'GET /api/alerts': { body: [] },
      // Held: the first reads settle without it.
      'GET /api/messaging/settings': async () => {
        await settingsAnswered;
        return jsonResponse(404, { error: 'Not found' });
      },
    });
    const queryClient = createQueryClient();
    await prefetchProfilePage(queryClient);
    expect(wasCalled(fetchMock, 'GET', '/api/alerts')).toBe(true);
    expect(wasCalled(fetchMock, 'GET', '/api/messaging/settings')).toBe(true);
    // Under the key the alerts card reads.
    await waitFor(() => expect(queryClient.getQueryData(['alerts'])).toEqual([]));
    answerSettings!();

    // An unapproved user has neither card.
    const unapproved = signInAs({ ...me, isApproved: false, approvedAt: null });
    await prefetchProfilePage(createQueryClient());
    expect(wasCalled(unapproved, 'GET', '/api/alerts')).toBe(false);
    expect(wasCalled(unapproved, 'GET', '/api/messaging/settings')).toBe(false);
  });

  it('a blank full name is refused by the shared schema before anything is sent', async () => {
    const fetchMock = signInAs(me);
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(await screen.findByLabelText('Full Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByLabelText('Full Name')).toHaveAccessibleDescription('Full name is required');
    expect(wasCalled(fetchMock, 'PUT', USER_PATH)).toBe(false);
  });

  it('a failed save focuses the first invalid field on screen (Full Name), not Location below it', async () => {
    signInAs(me);
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(await screen.findByLabelText('Full Name'));
    await user.clear(screen.getByLabelText('Location'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveFocus());
    expect(screen.getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
  });
});
