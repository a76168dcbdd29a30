import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  jsonResponse,
  requestBody,
  signInAs,
  stayWithNext as stay,
} from '../testing/api-mock';

// The first render loads the route's chunk cold: on a busy 2-core box that takes seconds.
const SLOW = { timeout: 15_000 };

afterEach(() => vi.useRealTimers());

describe('stays (issue 22)', () => {
  it('the public profile says where they are until when and where next, each day on its city’s calendar', async () => {
    const viewer = buildUser({ id: 'u-viewer' });
    const ana = buildUser({ id: 'u-ana', fullName: 'Ana Nomad', stay });
    signInAs(viewer, {
      'GET /api/users/u-ana': { body: ana },
      'GET /api/items': { body: [] },
      'GET /api/reviews/user/u-ana': { body: [] },
    });
    renderApp('/user/u-ana');
    expect(await screen.findByText('In Lisbon, Portugal until Dec 18', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Next: Bangkok, Thailand from Dec 20')).toBeInTheDocument();
  });

  it('the own profile edits the stay: a city, a last day and a next city are sent as `stay`, and Clear sends null', async () => {
    const user = userEvent.setup();
    const lena = buildUser({ id: 'u-lena' });
    const saved = buildUser({ id: 'u-lena', stay: { ...stay, next: null } });
    const fetchMock = signInAs(lena, {
      'GET /api/items': { body: [] },
      'PUT /api/users/u-lena': (init) => {
        const body = JSON.parse(String(init?.body)) as { stay: unknown };
        return jsonResponse(200, body.stay === null ? lena : saved);
      },
    });
    renderApp('/profile');
    const card = await screen.findByRole('heading', { name: 'Your stay' }, SLOW);
    const section = card.closest('div.rounded-xl, section, [class*="card"]') as HTMLElement;
    expect(within(section).getByText('No stay set yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add stay' }));

    // The last day is required.
    await user.click(within(section).getByRole('button', { name: 'Save stay' }));
    expect(await within(section).findByText('Please choose a date')).toBeInTheDocument();

    await user.type(within(section).getByLabelText('Last day'), '2027-12-18');
    await user.click(within(section).getByRole('button', { name: 'Add next city' }));
    await user.type(within(section).getByRole('combobox', { name: 'Next city' }), 'Bangkok');
    await user.type(within(section).getByLabelText('Arriving on'), '2027-12-20');
    await user.click(within(section).getByRole('button', { name: 'Save stay' }));

    await waitFor(() =>
      expect(within(section).getByText('In Lisbon, Portugal until Dec 18')).toBeInTheDocument(),
    );
    expect(requestBody(fetchMock, 'PUT', '/api/users/u-lena')).toMatchObject({
      fullName: lena.fullName,
      location: lena.location,
      stay: {
        location: 'Lisbon, Portugal',
        until: '2027-12-18',
        next: { location: 'Bangkok', from: '2027-12-20' },
      },
    });

    await user.click(within(section).getByRole('button', { name: 'Edit stay' }));
    await user.click(within(section).getByRole('button', { name: 'Clear stay' }));
    await waitFor(() => expect(within(section).getByText('No stay set yet.')).toBeInTheDocument());
    const bodies = fetchMock.mock.calls
      .filter(([url, init]) => String(url).endsWith('/api/users/u-lena') && init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)) as { stay: unknown });
    expect(bodies.at(-1)?.stay).toBeNull();
  });

  it('shows a server refusal of a date on its field', async () => {
    const user = userEvent.setup();
    const lena = buildUser({ id: 'u-lena', stay: { ...stay, next: null } });
    signInAs(lena, {
      'GET /api/items': { body: [] },
      'PUT /api/users/u-lena': {
        status: 400,
        body: {
          error: 'The last day of your stay has passed',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'stay.until', message: 'The last day of your stay has passed' }],
        },
      },
    });
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit stay' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Save stay' }));
    const field = screen.getByLabelText('Last day');
    await waitFor(() => expect(field).toHaveAccessibleDescription('The last day of your stay has passed'));
  });

  it('the signed-in home announces the next city with its item count and a link to browse it', async () => {
    const lena = buildUser({ id: 'u-lena', stay });
    signInAs(lena, {
      'GET /api/items': { body: [] },
      'GET /api/items/stats': { body: { locationCounts: { 'Bangkok, Thailand': 14, Bangkok: 3 } } },
    });
    renderApp('/');
    const line = await screen.findByRole('region', { name: 'Next city' }, SLOW);
    await waitFor(() => expect(line).toHaveTextContent('Arriving in Bangkok on Dec 20: 14 items there now'));
    expect(within(line).getByRole('link', { name: /Browse Bangkok/ })).toHaveAttribute(
      'href',
      '/browse?location=Bangkok%2C+Thailand&placeId=1609350',
    );
  });

  it('while the count loads, the next-city line holds a placeholder in valid markup (no block inside a paragraph)', async () => {
    const errors = vi.spyOn(console, 'error');
    signInAs(buildUser({ id: 'u-lena', stay }), {
      'GET /api/items': { body: [] },
      'GET /api/items/stats': () => new Promise<Response>(() => undefined), // never answers here
    });
    renderApp('/');
    const line = await screen.findByRole('region', { name: 'Next city' }, SLOW);
    expect(line.querySelector('.animate-pulse')).not.toBeNull();
    expect(line.querySelector('p .animate-pulse')).toBeNull();
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/cannot (be a descendant|contain a nested)/);
    errors.mockRestore();
  });

  it('a user without a next stay gets no such line', async () => {
    signInAs(buildUser({ id: 'u-lena', stay: { ...stay, next: null } }), {
      'GET /api/items': { body: [] },
      'GET /api/items/stats': { body: { locationCounts: {} } },
    });
    renderApp('/');
    await screen.findByRole('region', { name: 'New near you' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Next city' })).not.toBeInTheDocument();
  });

  it('the add-item form starts in the stay city with its last day and says so; that day is sent', async () => {
    const user = userEvent.setup();
    const lena = buildUser({ id: 'u-lena', location: 'Porto, Portugal', stay });
    const fetchMock = signInAs(lena, {
      'POST /api/items': { status: 201, body: buildItem({ id: 'new' }) },
      'GET /api/items': { body: [] },
    });
    renderApp('/add-item');
    const date = await screen.findByLabelText('Available until', {}, SLOW);
    expect(date).toHaveValue('2027-12-18');
    expect(date).toHaveAccessibleDescription(expect.stringContaining('Your stay ends Dec 18.'));
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Lisbon, Portugal');

    await user.type(screen.getByLabelText('Title'), 'Travel kettle');
    await user.type(screen.getByLabelText('Description'), 'Folds flat, boils fast.');
    await user.selectOptions(screen.getByLabelText('Category'), 'Travel Gear');
    await user.selectOptions(screen.getByLabelText('Condition'), 'good');
    await user.click(screen.getByRole('button', { name: /List Item/ }));
    await waitFor(() => expect(requestBody(fetchMock, 'POST', '/api/items')).toBeDefined());
    expect(requestBody(fetchMock, 'POST', '/api/items')).toMatchObject({
      location: 'Lisbon, Portugal',
      placeId: '2267057',
      availableUntil: '2027-12-18',
    });
  });

  it('shows "Leaving in 3 days" beside an owner whose stay in the item city ends then', async () => {
    vi.useFakeTimers({ now: new Date('2027-12-15T12:00:00.000Z'), shouldAdvanceTime: true });
    const item = buildItem({
      id: 'item-1',
      title: 'Tent',
      userId: 'u-ana',
      user: {
        id: 'u-ana',
        fullName: 'Ana Nomad',
        username: 'ana',
        avatar: null,
        rating: 4,
        reviewCount: 2,
        leavingAt: '2027-12-18T23:59:00.000Z',
      },
    });
    signInAs(buildUser({ id: 'u-viewer' }), { 'GET /api/items': { body: [item] } });
    renderApp('/browse');
    const card = await screen.findByRole('article', {}, SLOW);
    expect(within(card).getByText('Leaving in 3 days')).toBeInTheDocument();
  });

  it('the in-transit toggle saves at once and says the listings are paused', async () => {
    const user = userEvent.setup();
    const lena = buildUser({ id: 'u-lena' });
    const fetchMock = signInAs(lena, {
      'GET /api/items': { body: [] },
      'PUT /api/users/u-lena': { body: { ...lena, inTransit: true } },
    });
    renderApp('/profile');
    const toggle = await screen.findByRole('checkbox', { name: "I'm in transit" }, SLOW);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: "I'm in transit" })).toBeChecked());
    expect(requestBody(fetchMock, 'PUT', '/api/users/u-lena')).toMatchObject({ inTransit: true });
    expect(screen.getByRole('checkbox', { name: "I'm in transit" })).toHaveAccessibleDescription(
      'Your listings are paused: no one else sees them until you turn this off.',
    );
  });
});
