import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import type { Message } from '@nomadswap/contracts/responses';
import { renderApp } from '../testing/render-app';
import {
  buildChatUser,
  buildExchange,
  buildUser,
  jsonResponse,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';
import { lastSocket } from '../testing/socket-mock';

const me = buildUser({ id: '65f1a2b3c4d5e6f708192a3b', fullName: 'Lena Traveller' });
const marco = buildChatUser({ rating: 4.5, reviewCount: 2 });
const meChat = buildChatUser({ id: me.id, fullName: me.fullName, username: me.username });
const HOUR = 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const hello: Message = {
  id: '670000000000000000000001',
  senderId: marco.id,
  receiverId: me.id,
  exchangeId: null,
  itemId: null,
  content: 'Hi Lena!',
  safetyWarning: null,
  isRead: true,
  readAt: null,
  clientId: null,
  createdAt: iso(-2 * HOUR),
  sender: marco,
  receiver: meChat,
};

/** Marco asked for Lena's Blue tent an hour ago; `mine` makes Lena the requester of Marco's tent instead. */
function exchange(overrides: Partial<ExchangeView> = {}, { mine = false } = {}): ExchangeView {
  return buildExchange({
    ...(mine ? { requesterId: me.id, ownerId: marco.id } : {}),
    ...overrides,
  });
}

const accepted = { status: 'accepted' as const, acceptedAt: iso(-50 * 60 * 1000) };
const meetup = (overrides: Partial<NonNullable<ExchangeView['meetup']>> = {}) => ({
  at: iso(24 * HOUR),
  place: 'Café A Brasileira',
  note: null,
  proposedBy: marco.id,
  proposedAt: iso(-40 * 60 * 1000),
  agreed: false,
  ...overrides,
});

function openChat(exchanges: ExchangeView[], routes: Parameters<typeof signInAs>[1] = {}) {
  const fetchMock = signInAs(me, {
    'GET /api/conversations': {
      body: [
        {
          otherUser: marco,
          lastMessage: hello,
          unreadCount: 0,
          item: null,
          blocked: false,
          presence: null,
        },
      ],
    },
    'GET /api/messages': { body: [hello] },
    'GET /api/exchanges': { body: exchanges },
    ...routes,
  });
  const view = renderApp(`/messages?user=${marco.id}`);
  return { fetchMock, ...view };
}

function chatLog() {
  return screen.getByRole('log', { name: 'Conversation with Marco Rossi' });
}

/** The names of the buttons (and links) in the swap cards of the open chat, in order. */
function cardControls(): string[] {
  return within(chatLog())
    .queryAllByRole('article')
    .flatMap((card) => [...within(card).queryAllByRole('button'), ...within(card).queryAllByRole('link')])
    .filter((control) => control.closest('li')?.querySelector('a[href^="/item/"]') !== control)
    .map((control) => control.textContent?.trim() ?? '')
    .filter((name) => name !== 'Blue tent');
}

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

beforeAll(async () => {
  await import('./messages');
});

describe('/messages swap cards', () => {
  const cases: { scenario: string; exchange: ExchangeView; controls: string[]; text?: string }[] = [
    {
      scenario: 'a request, seen by the owner: Accept / Decline',
      exchange: exchange(),
      controls: ['Accept', 'Decline'],
      text: 'Marco Rossi asked for Blue tent',
    },
    {
      scenario: 'a request for an item reserved by another request: the owner cannot accept it yet',
      exchange: exchange({ itemReserved: true }),
      controls: ['Accept', 'Decline'],
      text: 'Reserved for another request for now. You can accept this one if that swap ends.',
    },
    {
      scenario: 'a request, seen by the requester: Withdraw',
      exchange: exchange({}, { mine: true }),
      controls: ['Withdraw'],
      text: 'You asked for Blue tent',
    },
    {
      scenario: 'accepted without a meetup: Propose meetup / Cancel swap, and did it happen (no no-show)',
      exchange: exchange(accepted),
      controls: ['Propose meetup', 'Cancel swap', 'Confirm', "It didn't happen"],
      text: 'You accepted: Blue tent is reserved for Marco Rossi.',
    },
    {
      scenario: "the other's meetup proposal: Accept / Suggest another / Add to calendar",
      exchange: exchange({ ...accepted, meetup: meetup() }),
      controls: [
        'Cancel swap',
        'Accept',
        'Suggest another',
        'Add to calendar',
        'Confirm',
        "It didn't happen",
      ],
      text: 'Marco Rossi suggested',
    },
    {
      scenario: 'my own meetup proposal waits for the other (no Accept)',
      exchange: exchange({ ...accepted, meetup: meetup({ proposedBy: me.id }) }),
      controls: ['Cancel swap', 'Suggest another', 'Add to calendar', 'Confirm', "It didn't happen"],
      text: 'Waiting for Marco Rossi to accept.',
    },
    {
      scenario: 'after the agreed meetup time: They didn’t show up as well',
      exchange: exchange({
        ...accepted,
        meetup: meetup({ at: iso(-HOUR), proposedAt: iso(-45 * 60 * 1000), agreed: true }),
      }),
      controls: [
        'Cancel swap',
        'Suggest another',
        'Add to calendar',
        'Confirm',
        "It didn't happen",
        "They didn't show up",
      ],
    },
    {
      scenario: 'after I confirmed: waiting for the other, no Confirm',
      exchange: exchange({ ...accepted, confirmedBy: [me.id] }),
      controls: ['Propose meetup', 'Cancel swap'],
      text: 'You confirmed. Waiting for Marco Rossi to confirm.',
    },
    {
      scenario: "the other's Complete Swap without an agreement: Confirm / It didn't happen, no Accept",
      exchange: exchange({ confirmedBy: [marco.id] }, { mine: true }),
      controls: ['Confirm', "It didn't happen"],
      text: 'Marco Rossi says the swap happened. Confirm it so you can both leave a review.',
    },
    {
      scenario: 'completed: Leave a review for that exchange',
      exchange: exchange({
        ...accepted,
        status: 'completed',
        confirmedBy: [me.id, marco.id],
        completedAt: iso(-HOUR / 2),
      }),
      controls: ['Leave a review'],
      text: 'Swap completed',
    },
    {
      scenario: 'cancelled by the other, with their reason',
      exchange: exchange({
        ...accepted,
        status: 'cancelled',
        endedAt: iso(-HOUR / 3),
        endedBy: marco.id,
        endReason: 'Leaving town early',
      }),
      controls: [],
      text: 'Marco Rossi cancelled the swap: “Leaving town early”',
    },
    {
      scenario: 'declined by me',
      exchange: exchange({ status: 'declined', endedAt: iso(-HOUR / 3), endedBy: me.id }),
      controls: [],
      text: 'You declined the request.',
    },
    {
      scenario: "the other's Complete Swap that I said did not happen",
      exchange: exchange(
        { status: 'declined', confirmedBy: [marco.id], endedAt: iso(-HOUR / 3), endedBy: me.id },
        { mine: true },
      ),
      controls: [],
      text: "You said the swap didn't happen.",
    },
    {
      scenario: 'withdrawn by the requester',
      exchange: exchange({ status: 'withdrawn', endedAt: iso(-HOUR / 3), endedBy: marco.id }),
      controls: [],
      text: 'Marco Rossi withdrew the request.',
    },
    {
      scenario: 'a no-show of the other',
      exchange: exchange({
        ...accepted,
        status: 'no_show',
        endedAt: iso(-HOUR / 3),
        endedBy: me.id,
        noShowUserId: marco.id,
      }),
      controls: [],
      text: "Ended: Marco Rossi didn't show up.",
    },
    {
      scenario: 'expired',
      exchange: exchange({ status: 'expired', endedAt: iso(-HOUR / 3) }),
      controls: [],
      text: 'The request expired without an answer.',
    },
  ];

  it.each(cases)('$scenario', async ({ exchange: shown, controls, text }) => {
    openChat([shown]);
    await within(await screen.findByRole('log')).findAllByRole('article');
    if (text) expect(within(chatLog()).getByText(text)).toBeInTheDocument();
    expect(cardControls()).toEqual(controls);
    const accept = within(chatLog()).queryByRole('button', { name: 'Accept' });
    if (accept) expect(accept.hasAttribute('disabled')).toBe(shown.itemReserved);
  });

  it('cards sit among the messages by time, the request’s words once, and the header shows the open swap', async () => {
    const request = exchange({ message: 'Could I have the tent?' });
    const opening: Message = {
      ...hello,
      id: '670000000000000000000002',
      content: 'Could I have the tent?',
      exchangeId: request.id,
      createdAt: request.createdAt,
    };
    openChat([request], { 'GET /api/messages': { body: [opening, hello] } });
    const log = await screen.findByRole('log');
    const card = await within(log).findByRole('article', { name: 'Marco Rossi asked for Blue tent' });
    const bubble = within(log).getByText('Hi Lena!');
    // The message (2 h ago) comes before the request (1 h ago).
    expect(bubble.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Marco Rossi asked for this: accept or decline')).toBeInTheDocument();
    // The request's opening message is shown by its card, not a second time as a bubble.
    expect(within(log).getAllByText('Could I have the tent?')).toHaveLength(1);
    expect(within(card).getByText('Could I have the tent?')).toBeInTheDocument();
  });

  it('Accept sends the owner’s answer and the card becomes the reservation with Propose meetup', async () => {
    const request = exchange();
    const { fetchMock } = openChat([request], {
      'POST /api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/accept': {
        body: { exchange: { ...request, ...accepted } },
      },
    });
    const card = await screen.findByRole('article', { name: 'Marco Rossi asked for Blue tent' });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await toasts().findByText('Request accepted')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/accept')).toBe(true);
    expect(
      await screen.findByText('You accepted: Blue tent is reserved for Marco Rossi.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propose meetup' })).toBeInTheDocument();
  });

  it('a refused action shows the server’s reason as it comes', async () => {
    openChat([exchange()], {
      'POST /api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/accept': {
        status: 409,
        body: { error: 'This item is already reserved for someone else', code: 'ITEM_RESERVED' },
      },
    });
    const card = await screen.findByRole('article', { name: 'Marco Rossi asked for Blue tent' });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await toasts().findByText('This item is already reserved for someone else')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('Decline asks first; Cancel on the dialog sends nothing', async () => {
    const request = exchange();
    const { fetchMock } = openChat([request], {
      'POST /api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/decline': {
        body: { exchange: { ...request, status: 'declined', endedAt: iso(0), endedBy: me.id } },
      },
    });
    const card = await screen.findByRole('article', { name: 'Marco Rossi asked for Blue tent' });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    let dialog = screen.getByRole('alertdialog', { name: "Decline Marco Rossi's request?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(wasCalled(fetchMock, 'POST', '/api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/decline')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    dialog = screen.getByRole('alertdialog', { name: "Decline Marco Rossi's request?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the request.')).toBeInTheDocument();
  });

  it('Cancel swap needs a reason and sends it', async () => {
    const deal = exchange(accepted);
    const { fetchMock } = openChat([deal], {
      'POST /api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/cancel': {
        body: {
          exchange: {
            ...deal,
            status: 'cancelled',
            endedAt: iso(0),
            endedBy: me.id,
            endReason: 'Plans changed',
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel swap' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel the swap with Marco Rossi?' });
    expect(within(dialog).getByRole('button', { name: 'Keep swap' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel swap' }));
    expect(within(dialog).getByText('Please say why you are cancelling')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/cancel')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Plans changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel swap' }));
    expect(await screen.findByText('You cancelled the swap: “Plans changed”')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/cancel')).toEqual({
      reason: 'Plans changed',
    });
  });

  it('Propose meetup says to pick a public place, refuses a past time, and sends a future one in UTC', async () => {
    const deal = exchange(accepted);
    const { fetchMock } = openChat([deal], {
      'PUT /api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/meetup': (init) =>
        jsonResponse(200, {
          exchange: {
            ...deal,
            meetup: {
              ...meetup(),
              ...(JSON.parse(String(init?.body)) as object),
              proposedBy: me.id,
              proposedAt: iso(0),
            },
          },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Propose meetup' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a meetup' });
    expect(within(dialog).getByText(/busy public place/)).toBeInTheDocument();
    const when = within(dialog).getByLabelText('Date and time');
    const place = within(dialog).getByRole('textbox', { name: 'Public place' });

    await userEvent.type(when, '2020-01-01T10:00');
    await userEvent.type(place, 'Rossio station');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(within(dialog).getByText('The meetup must be in the future')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'PUT', '/api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/meetup')).toBe(false);

    const future = new Date(Date.now() + 2 * 24 * HOUR);
    future.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${future.getFullYear()}-${pad(future.getMonth() + 1)}-${pad(future.getDate())}T${pad(future.getHours())}:${pad(future.getMinutes())}`;
    await userEvent.clear(when);
    await userEvent.type(when, local);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(await toasts().findByText('Meetup proposed')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', '/api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/meetup')).toEqual({
      at: future.toISOString(),
      place: 'Rossio station',
    });
    expect(await screen.findByText('Waiting for Marco Rossi to accept.')).toBeInTheDocument();
  });

  it('Add to calendar downloads the .ics with the auth token', async () => {
    const createObjectURL = vi.fn(() => 'blob:meetup');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fetchMock } = openChat([exchange({ ...accepted, meetup: meetup({ agreed: true }) })], {
      'GET /api/exchanges/68e1d2e3f4a5b6c7d8e9f0e1/meetup.ics': () =>
        new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: { 'Content-Type': 'text/calendar' },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/meetup.ics'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('the other party’s step arrives live (exchange:updated) and updates the card', async () => {
    const request = exchange({}, { mine: true });
    openChat([request]);
    const card = await screen.findByRole('article', { name: 'You asked for Blue tent' });
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();

    act(() =>
      lastSocket().serverEmit('exchange:updated', {
        exchange: { ...request, ...accepted },
        action: 'accept',
        by: marco.id,
      }),
    );
    expect(
      await screen.findByText('Marco Rossi accepted: Blue tent is reserved for you.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(within(card).getByText('Reserved')).toBeInTheDocument();
  });

  it('the first connect fetches the swaps again: a step taken while the page loaded is not missed', async () => {
    let stored = [exchange({}, { mine: true })];
    openChat([], { 'GET /api/exchanges': () => jsonResponse(200, stored) });
    await screen.findByRole('article', { name: 'You asked for Blue tent' });
    // Marco accepted after the page read the swaps and before the socket joined: no exchange:updated reached it.
    stored = [exchange(accepted, { mine: true })];
    act(() => lastSocket().serverConnect());
    expect(
      await screen.findByText('Marco Rossi accepted: Blue tent is reserved for you.'),
    ).toBeInTheDocument();
  });

  it('after a reconnect the swaps are fetched again (a step taken during the drop is not missed)', async () => {
    const { fetchMock } = openChat([exchange()]);
    await screen.findByRole('article', { name: 'Marco Rossi asked for Blue tent' });
    const socket = lastSocket();
    act(() => socket.serverConnect());
    const before = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/exchanges')).length;
    act(() => socket.serverDisconnect());
    act(() => socket.serverConnect({ recovered: true }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/exchanges')).length,
      ).toBeGreaterThan(before),
    );
  });

  it('Complete Swap that the other has yet to confirm says so and does not leave the chat', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = openChat([], {
      'POST /api/exchanges/complete': {
        status: 201,
        body: { exchange: exchange({ confirmedBy: [me.id] }, { mine: true }) },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Complete Swap' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Complete Swap' }));
    expect(await toasts().findByText('Waiting for Marco Rossi to confirm')).toBeInTheDocument();
    // The answer joins the chat as its card at once (the socket would bring it too).
    expect(
      await within(chatLog()).findByRole('article', { name: 'You said you swapped with Marco Rossi' }),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(router.state.location.pathname).toBe('/messages');
  });
});
