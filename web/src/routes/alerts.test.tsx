import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@nomadswap/contracts/alerts';
import { MSG } from '@nomadswap/contracts/messages';
import { renderApp } from '../testing/render-app';
import {
  buildUser,
  jsonResponse,
  lisbPlaces,
  mockApi,
  requestBody,
  signInAs,
  stayWithNext as stay,
  wasCalled,
} from '../testing/api-mock';

// The first render loads the route's chunk cold: on a busy 2-core box that takes seconds.
const SLOW = { timeout: 15_000 };

const me = buildUser({ id: 'u-lena', fullName: 'Lena Traveller' });
const lisbonBooks: Alert = {
  id: 'a1',
  placeId: '2267057',
  location: 'Lisbon, Portugal',
  category: 'Books',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const bangkok: Alert = {
  id: 'a2',
  placeId: '1609350',
  location: 'Bangkok, Thailand',
  category: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

const alertsSection = () => screen.findByRole('region', { name: 'Alerts' }, SLOW);

/** GET /api/alerts answers the list as it is now; POST and DELETE change it, as the server would. */
function alertRoutes(initial: Alert[], post?: (body: Record<string, unknown>) => Response) {
  let list = [...initial];
  return {
    'GET /api/alerts': () => jsonResponse(200, list),
    'POST /api/alerts': (init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (post) return post(body);
      const saved: Alert = {
        id: `a${list.length + 10}`,
        placeId: String(body.placeId ?? '1609350'),
        location: body.placeId === '2267057' ? 'Lisbon, Portugal' : 'Bangkok, Thailand',
        category: (body.category as Alert['category']) ?? null,
        createdAt: '2026-11-26T10:00:00.000Z',
      };
      list = [...list, saved];
      return jsonResponse(201, saved);
    },
    'DELETE /api/alerts/a1': () => {
      list = list.filter((alert) => alert.id !== 'a1');
      return new Response(null, { status: 204 });
    },
  };
}

describe('the profile’s Alerts section (issue 22)', () => {
  it('lists each alert with its city and category, or says there is none', async () => {
    signInAs(me, alertRoutes([lisbonBooks, bangkok]));
    renderApp('/profile');
    const section = await alertsSection();
    const list = await within(section).findByRole('list', { name: 'Your alerts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Lisbon, PortugalBooks'),
      expect.stringContaining('Bangkok, ThailandAny category'),
    ]);
  });

  it('shows the empty state when there are no alerts', async () => {
    signInAs(me, alertRoutes([]));
    renderApp('/profile');
    const section = await alertsSection();
    expect(await within(section).findByText('No alerts yet')).toBeInTheDocument();
  });

  it('adds an alert for a city picked from the suggestions and a category, and lists it', async () => {
    const fetchMock = signInAs(me, { ...alertRoutes([]), 'GET /api/places': { body: lisbPlaces } });
    const user = userEvent.setup();
    renderApp('/profile');
    const section = await alertsSection();
    await within(section).findByText('No alerts yet');
    await user.type(within(section).getByRole('combobox', { name: 'City to watch' }), 'lisb');
    await user.click(await screen.findByRole('option', { name: /Lisbon, Portugal/ }));
    await user.selectOptions(within(section).getByLabelText('Category'), 'Books');
    await user.click(within(section).getByRole('button', { name: 'Add alert' }));
    const list = await within(section).findByRole('list', { name: 'Your alerts' });
    expect(list).toHaveTextContent('Lisbon, PortugalBooks');
    expect(requestBody(fetchMock, 'POST', '/api/alerts')).toEqual({
      location: 'Lisbon, Portugal',
      placeId: '2267057',
      category: 'Books',
    });
    expect(within(section).getByRole('combobox', { name: 'City to watch' })).toHaveValue('');
  });

  it('shows the server’s reason under the city when it refuses (no such city, too many alerts)', async () => {
    signInAs(
      me,
      alertRoutes([], () => jsonResponse(409, { error: MSG.alertLimit, code: 'ALERT_LIMIT' })),
    );
    const user = userEvent.setup();
    renderApp('/profile');
    const section = await alertsSection();
    await within(section).findByText('No alerts yet');
    const city = within(section).getByRole('combobox', { name: 'City to watch' });
    await user.type(city, 'Porto');
    await user.click(within(section).getByRole('button', { name: 'Add alert' }));
    await waitFor(() => expect(city).toHaveAccessibleDescription(MSG.alertLimit));
    expect(city).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes an alert only after confirming', async () => {
    const fetchMock = signInAs(me, alertRoutes([lisbonBooks]));
    const user = userEvent.setup();
    renderApp('/profile');
    const section = await alertsSection();
    await user.click(
      await within(section).findByRole('button', { name: 'Delete the alert for Lisbon, Portugal (Books)' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this alert?' });
    expect(wasCalled(fetchMock, 'DELETE', '/api/alerts/a1')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete alert' }));
    expect(await within(section).findByText('No alerts yet')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', '/api/alerts/a1')).toBe(true);
  });
});

describe('Alert me from the next-city line and from browse', () => {
  it('the home’s next-city line saves an alert for that city in one tap, then says it is on', async () => {
    const fetchMock = signInAs(buildUser({ id: 'u-lena', stay }), {
      ...alertRoutes([]),
      'GET /api/items': { body: [] },
      'GET /api/items/stats': { body: { locationCounts: { 'Bangkok, Thailand': 14 } } },
    });
    const user = userEvent.setup();
    renderApp('/');
    const line = await screen.findByRole('region', { name: 'Next city' }, SLOW);
    await user.click(
      await within(line).findByRole('button', { name: 'Alert me about new items in Bangkok' }, SLOW),
    );
    expect(await within(line).findByRole('status')).toHaveTextContent('Alert on');
    expect(requestBody(fetchMock, 'POST', '/api/alerts')).toEqual({
      location: 'Bangkok, Thailand',
      placeId: '1609350',
      category: null,
    });
  });

  it('the next-city line says the alert is on when the user already has it', async () => {
    signInAs(buildUser({ id: 'u-lena', stay }), {
      ...alertRoutes([bangkok]),
      'GET /api/items': { body: [] },
      'GET /api/items/stats': { body: { locationCounts: {} } },
    });
    renderApp('/');
    const line = await screen.findByRole('region', { name: 'Next city' }, SLOW);
    expect(await within(line).findByRole('status', {}, SLOW)).toHaveTextContent('Alert on');
    expect(within(line).queryByRole('button', { name: /Alert me/ })).not.toBeInTheDocument();
  });

  it('browse with a city and a category offers an alert for both', async () => {
    const fetchMock = signInAs(me, { ...alertRoutes([]), 'GET /api/items': { body: [] } });
    const user = userEvent.setup();
    renderApp('/browse?location=Lisbon%2C+Portugal&placeId=2267057&category=Books');
    await user.click(
      await screen.findByRole('button', { name: 'Alert me about new items here in Books' }, SLOW),
    );
    await screen.findByText(/Alert on/);
    expect(requestBody(fetchMock, 'POST', '/api/alerts')).toEqual({
      location: 'Lisbon, Portugal',
      placeId: '2267057',
      category: 'Books',
    });
  });

  it('browse without a city offers no alert', async () => {
    signInAs(me, { ...alertRoutes([]), 'GET /api/items': { body: [] } });
    renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Items' }, SLOW);
    expect(screen.queryByRole('button', { name: /Alert me/ })).not.toBeInTheDocument();
  });
});

describe('/alerts/stop (the e-mail’s one link)', () => {
  const token = 'A'.repeat(31) + 'b';
  const path = `/alerts/stop?token=${token}`;

  it('opening the link stops nothing; the button does, signed out, and says Alert stopped', async () => {
    const fetchMock = mockApi({
      'GET /api/alerts/unsubscribe': {
        body: { alert: { location: 'Lisbon, Portugal', category: 'Books' } },
      },
      'POST /api/alerts/unsubscribe': { body: { stopped: true } },
    });
    const user = userEvent.setup();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Stop this alert?' }, SLOW)).toBeInTheDocument();
    expect(
      screen.getByText('You will no longer hear about new items in Lisbon, Portugal (Books).'),
    ).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/alerts/unsubscribe')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Stop alert' }));
    expect(await screen.findByRole('heading', { name: 'Alert stopped' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new URL(String(call[0]), 'http://localhost').searchParams.get('token')).toBe(token);
  });

  it('says the alert is already stopped when the link was used before', async () => {
    mockApi({ 'GET /api/alerts/unsubscribe': { body: { alert: null } } });
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'This alert is already stopped' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop alert' })).not.toBeInTheDocument();
  });

  it('says a malformed link is not valid without asking the server', async () => {
    const fetchMock = mockApi({});
    renderApp('/alerts/stop?token=short');
    expect(
      await screen.findByRole('heading', { name: /This link to stop an alert is not valid/ }, SLOW),
    ).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'GET', '/api/alerts/unsubscribe')).toBe(false);
  });
});
