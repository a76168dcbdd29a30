import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import {
  buildPlace,
  buildUser,
  healthyResponse,
  jsonResponse,
  mockApi,
  queriesOf,
  signInAs,
} from '../testing/api-mock';

const stats = {
  locationCounts: {
    'Lisbon, Portugal': 5,
    'Bali, Indonesia': 9,
    'Bangkok, Thailand': 2,
    'Porto, Portugal': 40,
  },
};

describe('/ (home)', () => {
  it('Popular Exchange Destinations: skeletons, then the six cities sorted by count with their links', async () => {
    let release: (value: Response) => void = () => {};
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/items/stats': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Popular Exchange Destinations' });
    expect(within(section).getAllByTestId('destination-skeleton')).toHaveLength(6);

    release(jsonResponse(200, stats));
    // Generous: the whole suite runs in parallel and the lazy chunks load slowly under that load.
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(6), { timeout: 5000 });
    const names = within(section)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Bali9 items',
      'Lisbon5 items',
      'Bangkok2 items',
      'Mexico City0 items',
      'Ho Chi Minh0 items',
      'Barcelona0 items',
    ]);
    expect(within(section).getAllByRole('link')[0]).toHaveAttribute('href', '/browse?location=Bali');
    // Each with its flag drawn inline (no emoji: many systems have no font for flag emoji), hidden from readers.
    for (const link of within(section).getAllByRole('link'))
      expect(link.querySelector('svg[aria-hidden="true"][viewBox="0 0 30 20"]')).not.toBeNull();
  });

  it('the location bar shows the user’s city with its count; Change Location lists the presets', async () => {
    signInAs(buildUser({ location: 'Lisbon, Portugal' }), { 'GET /api/items/stats': { body: stats } });
    const { router } = renderApp('/');

    expect(await screen.findByText('5 active items nearby')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your location' })).toHaveTextContent('Currently in: Lisbon');
    await userEvent.click(screen.getByRole('button', { name: 'Change Location' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(6);
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Bali/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=Bali'));
  });

  it('Use Current Location names the rounded position on our server and browses that city by its id', async () => {
    const fetchMock = signInAs(buildUser(), {
      'GET /api/items/stats': { body: stats },
      'GET /api/places/nearest': {
        body: buildPlace({ id: '1609350', name: 'Bangkok', label: 'Bangkok, Thailand' }),
      },
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 13.756_33, longitude: 100.501_77 } } as GeolocationPosition),
      },
    });
    const { router } = renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Use Current Location' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      location: 'Bangkok, Thailand',
      placeId: '1609350',
    });
    expect(queriesOf(fetchMock, '/api/places/nearest')).toEqual([{ lat: '13.76', lon: '100.5' }]);
  });

  it('the search bar sends the text and category to /browse; All Categories sends none', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse }, 'GET /api/items/stats': { body: stats } });
    const { router } = renderApp('/');
    const user = userEvent.setup();

    const box = await screen.findByPlaceholderText('Search items, categories, or locations...');
    await user.type(box, 'tent');
    await user.click(screen.getByRole('button', { name: 'Sports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(router.state.location.search).toBe('?q=tent&category=Sports');
  });

  it('signed out: the landing sections and Sign Up Free / Download App (to the install section)', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse }, 'GET /api/items/stats': { body: stats } });
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Sign Up Free' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
    expect(screen.getByRole('link', { name: 'Download App' })).toHaveAttribute('href', '/#install-app');
    const categories = screen.getByRole('region', { name: 'What people swap' });
    expect(within(categories).getAllByRole('listitem')).toHaveLength(12);
    expect(
      within(screen.getByRole('region', { name: 'What travellers tell us' })).getAllByRole('figure'),
    ).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'List Your First Item' })).not.toBeInTheDocument();
  });

  it('signed in and unapproved: the Pending Approval notice and the signed-in call to action', async () => {
    signInAs(buildUser({ isApproved: false }), { 'GET /api/items/stats': { body: stats } });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Pending Approval' })).toBeInTheDocument();
    expect(screen.getByText('Please check back!')).toBeInTheDocument();
    // Below the fold: rendered once the page is up (DeferredSection).
    expect(await screen.findByRole('link', { name: 'List Your First Item' })).toHaveAttribute(
      'href',
      '/add-item',
    );
    expect(screen.queryByRole('region', { name: 'What people swap' })).not.toBeInTheDocument();
  });
});
