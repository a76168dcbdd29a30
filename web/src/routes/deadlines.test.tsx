import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { renderApp } from '../testing/render-app';
import { buildItem, buildUser, jsonResponse, requestBody, signInAs } from '../testing/api-mock';
import { lastDayOf, localDate, tomorrowOf } from '../features/items/utils/deadline';
import { offerableItems } from '../features/exchanges/components/request-exchange-dialog';

const me = buildUser();
const HOUR = 3_600_000;

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('listing deadlines (issue 22)', () => {
  it('the item form offers an optional Available until day from tomorrow, and sends the day picked', async () => {
    const fetchMock = signInAs(me, {
      'POST /api/items': { status: 201, body: buildItem() },
      'GET /api/items': { body: [] },
    });
    const { router } = renderApp('/add-item');
    const user = userEvent.setup();

    const date = await screen.findByLabelText('Available until');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', tomorrowOf(new Date()));
    expect(date).toHaveAttribute('max', lastDayOf(new Date()));
    await user.type(screen.getByLabelText('Title'), 'Tent');
    await user.type(screen.getByLabelText('Description'), 'Two-person tent.');
    await user.selectOptions(screen.getByLabelText('Category'), 'Sports');
    await user.selectOptions(screen.getByLabelText('Condition'), 'fair');
    await user.type(date, '2030-01-15');
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(requestBody(fetchMock, 'POST', '/api/items')).toMatchObject({ availableUntil: '2030-01-15' });
  });

  type EditBody = { availableUntil?: string | null };

  /** The owner's item with a deadline on /edit-item/i1: PUT bodies are recorded; a dated save is refused as too far. */
  function editItemWithDeadline() {
    const deadline = new Date(2030, 0, 15, 23, 59).toISOString();
    const mine = buildItem({ id: 'i1', userId: me.id, availableUntil: deadline });
    const bodies: EditBody[] = [];
    signInAs(me, {
      'GET /api/items/i1': { body: mine },
      'PUT /api/items/i1': (init) => {
        const body = JSON.parse(String(init?.body)) as EditBody;
        bodies.push(body);
        return body.availableUntil
          ? jsonResponse(400, {
              error: MSG.availableUntilTooFar,
              details: [{ field: 'availableUntil', message: MSG.availableUntilTooFar }],
            })
          : jsonResponse(200, mine);
      },
      'GET /api/items': { body: [] },
    });
    renderApp('/edit-item/i1');
    return { deadline, bodies };
  }

  it('an edit that leaves the date alone does not send it (the stored instant stays)', async () => {
    const { deadline, bodies } = editItemWithDeadline();
    const user = userEvent.setup();

    const date = await screen.findByLabelText('Available until');
    expect(date).toHaveValue(localDate(new Date(deadline)));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('availableUntil');
  });

  it('clearing the date sends null; a refused date shows its message on the field', async () => {
    const { bodies } = editItemWithDeadline();
    const user = userEvent.setup();

    const date = await screen.findByLabelText('Available until');
    await user.clear(date);
    await user.type(date, '2031-02-01');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText(MSG.availableUntilTooFar, { selector: 'p#item-available-until-error' }),
    ).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ availableUntil: '2031-02-01' });

    await user.clear(date);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ availableUntil: null });
  });

  it('browse cards say when an item leaves within 72 h', async () => {
    signInAs(me, {
      'GET /api/items': {
        body: [
          buildItem({
            id: 'a',
            title: 'Stove',
            availableUntil: new Date(Date.now() + 50 * HOUR).toISOString(),
          }),
          buildItem({
            id: 'b',
            title: 'Lamp',
            availableUntil: new Date(Date.now() + 80 * HOUR).toISOString(),
          }),
        ],
      },
    });
    renderApp('/browse');
    const stove = (await screen.findByRole('article', { name: 'Stove' })) as HTMLElement;
    expect(within(stove).getByText(/^Leaving (tomorrow|in 2 days|in 3 days)$/)).toBeInTheDocument();
    const lamp = screen.getByRole('article', { name: 'Lamp' });
    expect(within(lamp).queryByText(/^Leaving/)).not.toBeInTheDocument();
  });

  it('the browse order is Newest by default; Leaving soon goes into the URL and the request', async () => {
    const urls: string[] = [];
    signInAs(me, {
      'GET /api/items': () => jsonResponse(200, []),
    });
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    const { router } = renderApp('/browse');
    const user = userEvent.setup();

    const group = await screen.findByRole('group', { name: 'Sort by' });
    expect(within(group).getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: 'Leaving soon' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=leaving-soon'));
    expect(within(group).getByRole('button', { name: 'Leaving soon' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => {
      urls.splice(0, urls.length, ...fetchMock.mock.calls.map(([input]) => String(input)));
      expect(urls.some((url) => url.includes('/api/items?sort=leaving-soon'))).toBe(true);
    });
    await user.click(within(group).getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('My Items marks an expired item Expired; Relist asks for a day (refusing none), sends it and toasts', async () => {
    const expired = buildItem({
      id: 'e1',
      title: 'Tent',
      userId: me.id,
      availableUntil: '2026-11-20T23:59:00.000Z',
      expiredAt: '2026-11-20T23:59:00.000Z',
    });
    const fetchMock = signInAs(me, {
      'GET /api/items': { body: [expired] },
      'POST /api/items/e1/relist': { body: { ...expired, expiredAt: null } },
    });
    renderApp('/profile');
    const user = userEvent.setup();

    expect(await screen.findByText('Expired')).toBeInTheDocument();
    // An expired item is not available: the stat cards count it only in the total.
    expect(within(screen.getByText('Available Items').parentElement!).getByText('0')).toBeInTheDocument();
    expect(within(screen.getByText('Total Items').parentElement!).getByText('1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Relist Tent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relist this item' });
    const date = within(dialog).getByLabelText('Available until');
    expect(date).toHaveAttribute('min', tomorrowOf(new Date()));
    const last = lastDayOf(new Date());
    expect(date).toHaveAttribute('max', last);
    await user.click(within(dialog).getByRole('button', { name: 'Relist Item' }));
    expect(within(dialog).getByText(MSG.availableUntilInvalid)).toBeInTheDocument();

    // One day past the last day is refused before anything is sent; the last day itself is sent.
    const dayAfter = (day: string) => localDate(new Date(new Date(`${day}T12:00`).getTime() + 24 * HOUR));
    await user.type(date, dayAfter(last));
    await user.click(within(dialog).getByRole('button', { name: 'Relist Item' }));
    expect(within(dialog).getByText(MSG.availableUntilTooFar)).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, last);
    await user.click(within(dialog).getByRole('button', { name: 'Relist Item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestBody(fetchMock, 'POST', '/api/items/e1/relist')).toEqual({ availableUntil: last });
    expect(await toasts().findByText('Item listed again')).toBeInTheDocument();
  });

  it('a listed item with a deadline offers Extend; a refusal stays in the dialog', async () => {
    const listed = buildItem({
      id: 'l1',
      title: 'Lamp',
      userId: me.id,
      availableUntil: new Date(Date.now() + 10 * 24 * HOUR).toISOString(),
    });
    signInAs(me, {
      'GET /api/items': { body: [listed] },
      'POST /api/items/l1/relist': { status: 400, body: { error: MSG.availableUntilTooFar } },
    });
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Extend Lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend this listing' });
    // A day the form allows that the server refuses (its clock is the judge): the refusal is shown.
    await user.type(within(dialog).getByLabelText('Available until'), lastDayOf(new Date()));
    await user.click(within(dialog).getByRole('button', { name: 'Extend Listing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.availableUntilTooFar);
  });

  it('an expired item of the requester is not offered in a swap request', () => {
    const listed = buildItem({ id: 'x1' });
    const expired = buildItem({ id: 'x2', expiredAt: '2026-11-20T23:59:00.000Z' });
    expect(offerableItems([listed, expired]).map((item) => item.id)).toEqual(['x1']);
  });
});
