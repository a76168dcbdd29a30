import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@nomadswap/contracts/messaging-responses';
import type { ChatUser, Message, UserSelf } from '@nomadswap/contracts/responses';
import { MSG } from '@nomadswap/contracts/messages';
import { REPORTED_USER_HINT_KEY } from '../config/storage-keys';
import { i18n } from '../i18n';
import { renderApp } from '../testing/render-app';
import {
  buildItem,
  buildUser,
  healthyResponse,
  jsonResponse,
  mockApi,
  requestBody,
  signInAs,
  wasCalled,
} from '../testing/api-mock';
import { lastSocket } from '../testing/socket-mock';

const me = buildUser({ id: '65f1a2b3c4d5e6f708192a3b', fullName: 'Lena Traveller' });
const marco: ChatUser = {
  id: '65f1a2b3c4d5e6f708192a77',
  fullName: 'Marco Rossi',
  username: 'marco',
  avatar: null,
  rating: 4.5,
  reviewCount: 2,
  deleted: false,
};
const ana: ChatUser = { ...marco, id: '65f1a2b3c4d5e6f708192a88', fullName: 'Ana Nomad', username: 'ana' };
const meChat: ChatUser = { ...marco, id: me.id, fullName: me.fullName, username: me.username };

let seq = 0;
function buildMessage(overrides: Partial<Message> & { from: ChatUser; to: ChatUser }): Message {
  const { from, to, ...rest } = overrides;
  seq += 1;
  return {
    id: `6700000000000000000000${String(seq).padStart(2, '0')}`,
    senderId: from.id,
    receiverId: to.id,
    exchangeId: null,
    itemId: null,
    content: 'Hello',
    safetyWarning: null,
    isRead: false,
    readAt: null,
    clientId: null,
    createdAt: new Date().toISOString(),
    sender: from,
    receiver: to,
    ...rest,
  };
}

function conversationWith(
  other: ChatUser,
  lastMessage: Message,
  overrides: Partial<Conversation> = {},
): Conversation {
  return {
    otherUser: other,
    lastMessage,
    unreadCount: 0,
    item: null,
    blocked: false,
    presence: null,
    ...overrides,
  };
}

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

function calls(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): number {
  return fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  ).length;
}

function composer() {
  return screen.getByRole('textbox', { name: 'Message' });
}

// The pages are lazy chunks; load them once up front so the first test's timeouts measure the page, not the import.
beforeAll(async () => {
  await Promise.all([import('./messages'), import('./profile')]);
});

afterEach(() => {
  seq = 0;
});

describe('/messages', () => {
  it('a visitor is asked to log in', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/messages');
    expect(await screen.findByText('Please log in to view messages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth/login');
  });

  it('an unapproved user sees the pending-approval state and no conversation is asked for', async () => {
    const fetchMock = signInAs({ ...me, isApproved: false, approvedAt: null });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pending Approval' })).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'GET', '/api/conversations')).toBe(false);
  });

  it('with no conversations: heading, the four safety reminders linking to the guidelines, and an empty state', async () => {
    signInAs(me, { 'GET /api/conversations': { body: [] } });
    renderApp('/messages');

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Stay safe when you swap' });
    for (const text of [
      'Meet in public places',
      'Verify items before exchanging',
      'Trust your instincts',
      'Report suspicious behavior',
    ]) {
      expect(within(banner).getByText(text)).toBeInTheDocument();
    }
    expect(within(banner).getByRole('link', { name: 'Read the safety guidelines' })).toHaveAttribute(
      'href',
      '/safety-guidelines',
    );
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    expect(await within(list).findByText('No conversations yet')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Browse Items' })).toHaveAttribute('href', '/browse');
  });

  it('lists conversations with their latest message and unread count, and opens one with its history', async () => {
    const older = buildMessage({
      from: marco,
      to: meChat,
      content: 'Is the tent still there? <img src=x onerror=alert(1)> see https://example.com/tent.',
      createdAt: '2024-06-01T09:00:00.000Z',
      isRead: true,
    });
    const latest = buildMessage({ from: marco, to: meChat, content: 'Tomorrow at 5?' });
    const mine = buildMessage({ from: meChat, to: ana, content: 'Thanks!', isRead: true });
    const fetchMock = signInAs(me, {
      'GET /api/conversations': {
        body: [
          conversationWith(marco, latest, {
            unreadCount: 2,
            presence: { userId: marco.id, online: true, lastSeen: null },
          }),
          conversationWith(ana, mine),
        ],
      },
      'GET /api/messages': { body: [latest, older] },
      [`POST /api/conversations/${marco.id}/read`]: { body: { updated: 1, unreadCount: 0 } },
    });
    renderApp('/messages');
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const marcoRow = await within(list).findByRole('link', { name: /Marco Rossi/ });
    expect(marcoRow).toHaveTextContent('Tomorrow at 5?');
    expect(marcoRow).toHaveTextContent('2 unread messages');
    expect(within(list).getByRole('link', { name: /Ana Nomad/ })).toHaveTextContent('You: Thanks!');

    await userEvent.click(marcoRow);

    const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
    expect(await within(log).findByText('Tomorrow at 5?')).toBeInTheDocument();
    expect(screen.getByText('Active now')).toBeInTheDocument();
    // Each day starts with its heading: the older message is on its own day, the newest today.
    expect(
      within(log)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([expect.stringContaining('June'), 'Today']);
    // A valid list (axe `list`/`listitem`): the <ol> holds list items only, none with another role.
    const items = [...log.querySelectorAll('ol')].flatMap((ol) => [...ol.children]);
    expect(items.length).toBeGreaterThan(2);
    for (const child of items) {
      expect(child.tagName).toBe('LI');
      expect(child.getAttribute('role')).toBeNull();
    }
    // Markup in a message is text; only the http(s) URL becomes a link, opened safely.
    expect(within(log).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(log.querySelector('img')).toBeNull();
    const link = within(log).getByRole('link', { name: 'https://example.com/tent' });
    expect(link).toHaveAttribute('href', 'https://example.com/tent');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveAttribute('target', '_blank');
    const threadCall = fetchMock.mock.calls.find(
      ([u]) => new URL(String(u), 'http://localhost').pathname === '/api/messages',
    );
    const url = new URL(String(threadCall?.[0]), 'http://localhost');
    expect(url.searchParams.get('with')).toBe(marco.id);
    // Opening it marks what Marco sent as read.
    await waitFor(() =>
      expect(wasCalled(fetchMock, 'POST', `/api/conversations/${marco.id}/read`)).toBe(true),
    );
  });

  it('?user= of someone new loads them, &item= shows the item, and Enter sends (Shift+Enter is a new line)', async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = signInAs(me, {
      'GET /api/conversations': { body: [] },
      'GET /api/messages': { body: [] },
      [`GET /api/users/${marco.id}`]: {
        body: buildUser({ id: marco.id, fullName: 'Marco Rossi', username: 'marco' }),
      },
      'GET /api/items/i1': { body: buildItem({ id: 'i1', title: 'Blue tent', userId: marco.id }) },
      'POST /api/messages': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp(`/messages?user=${marco.id}&item=i1`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Marco Rossi' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Blue tent/ })).toHaveAttribute('href', '/item/i1');
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(composer(), '  Hi Marco,{Shift>}{Enter}{/Shift}is it free?  ');
    expect(composer()).toHaveValue('  Hi Marco,\nis it free?  ');
    expect(wasCalled(fetchMock, 'POST', '/api/messages')).toBe(false);
    await user.keyboard('{Enter}');

    // Shown at once as sending, with the text trimmed; the box is cleared.
    const log = screen.getByRole('log', { name: 'Conversation with Marco Rossi' });
    expect(within(log).getByText('Sending...')).toBeInTheDocument();
    expect(composer()).toHaveValue('');
    const body = requestBody(fetchMock, 'POST', '/api/messages') as Record<string, string>;
    expect(body).toMatchObject({ receiverId: marco.id, content: 'Hi Marco,\nis it free?', itemId: 'i1' });
    expect(body.clientId).toMatch(/^[\w-]{20,}$/);

    release(
      jsonResponse(
        201,
        buildMessage({
          from: meChat,
          to: marco,
          content: body.content,
          clientId: body.clientId,
          itemId: 'i1',
        }),
      ),
    );
    await waitFor(() => expect(within(log).queryByText('Sending...')).not.toBeInTheDocument());
    expect(within(log).getByText(/is it free\?/)).toBeInTheDocument();
    expect(
      within(log)
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.includes('is it free')),
    ).toHaveLength(1);
  });

  it('?user= that the server refuses shows its reason in the page’s language (German: not the English text)', async () => {
    await i18n.changeLanguage('de');
    try {
      signInAs(me, {
        'GET /api/conversations': { body: [] },
        'GET /api/users/not-an-id': { status: 400, body: { error: MSG.invalidId, code: 'VALIDATION_ERROR' } },
      });
      renderApp('/messages?user=not-an-id');
      expect(await screen.findByText(i18n.t('msg.invalidId'))).toBeInTheDocument();
      expect(i18n.t('msg.invalidId')).not.toBe(MSG.invalidId);
      expect(screen.queryByText(MSG.invalidId)).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a send that keeps failing is retried with the same clientId, then shows failed with Retry and a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const fetchMock = signInAs(me, {
      'GET /api/conversations': { body: [] },
      'GET /api/messages': { body: [] },
      [`GET /api/users/${marco.id}`]: { body: buildUser({ id: marco.id, fullName: 'Marco Rossi' }) },
      'POST /api/messages': (init) => {
        if (fail) return Promise.reject(new TypeError('Failed to fetch'));
        const sent = JSON.parse(String(init?.body)) as { content: string; clientId: string };
        return jsonResponse(201, buildMessage({ from: meChat, to: marco, ...sent }));
      },
    });
    renderApp(`/messages?user=${marco.id}`);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');

    await act(() => vi.advanceTimersByTimeAsync(11_000));
    const log = screen.getByRole('log', { name: 'Conversation with Marco Rossi' });
    expect(await within(log).findByText('Not sent')).toBeInTheDocument();
    expect(await toasts().findByText('Error')).toBeInTheDocument();
    expect(toasts().getByText('Failed to send message')).toBeInTheDocument();
    const attempts = fetchMock.mock.calls
      .filter(([url, init]) => String(url) === '/api/messages' && init?.method === 'POST')
      .map(([, init]) => (JSON.parse(String(init?.body)) as { clientId: string }).clientId);
    expect(attempts).toHaveLength(4);
    expect(new Set(attempts).size).toBe(1);

    fail = false;
    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(log).queryByText('Not sent')).not.toBeInTheDocument());
    expect(within(log).getByText('Are you there?')).toBeInTheDocument();
    const last = fetchMock.mock.calls
      .filter(([url, init]) => String(url) === '/api/messages' && init?.method === 'POST')
      .at(-1);
    expect((JSON.parse(String(last?.[1]?.body)) as { clientId: string }).clientId).toBe(attempts[0]);
  });

  it('older messages load a page at a time with the cursor of the previous page', async () => {
    const newest = buildMessage({ from: marco, to: meChat, content: 'Newest page', isRead: true });
    const oldest = buildMessage({
      from: marco,
      to: meChat,
      content: 'Older page',
      isRead: true,
      createdAt: '2024-05-01T09:00:00.000Z',
    });
    const fetchMock = signInAs(me, {
      'GET /api/conversations': { body: [conversationWith(marco, newest)] },
      // The mock records a call before answering it, so the last call is this one.
      'GET /api/messages': () => {
        const url = fetchMock.mock.calls.at(-1)?.[0];
        const before = new URL(String(url), 'http://localhost').searchParams.get('before');
        if (before === 'cursor-1') return jsonResponse(200, [oldest]);
        return new Response(JSON.stringify([newest]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'cursor-1' },
        });
      },
    });
    renderApp(`/messages?user=${marco.id}`);
    const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
    expect(await within(log).findByText('Newest page')).toBeInTheDocument();
    expect(within(log).queryByText('Older page')).not.toBeInTheDocument();

    await userEvent.click(within(log).getByRole('button', { name: 'Load older messages' }));

    expect(await within(log).findByText('Older page')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
    const texts = within(log)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(texts.findIndex((t) => t.includes('Older page'))).toBeLessThan(
      texts.findIndex((t) => t.includes('Newest page')),
    );
  });

  it('a refused send shows the server text and is not retried', async () => {
    const fetchMock = signInAs(me, {
      'GET /api/conversations': { body: [] },
      'GET /api/messages': { body: [] },
      [`GET /api/users/${marco.id}`]: { body: buildUser({ id: marco.id, fullName: 'Marco Rossi' }) },
      'POST /api/messages': { status: 403, body: { error: 'You cannot message this user', code: 'BLOCKED' } },
    });
    renderApp(`/messages?user=${marco.id}`);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello?{Enter}');
    expect(await toasts().findByText('You cannot message this user')).toBeInTheDocument();
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/messages')).toBe(1);
  });

  describe('live over Socket.IO', () => {
    const first = () =>
      buildMessage({
        from: marco,
        to: meChat,
        content: 'Hi Lena',
        isRead: true,
        createdAt: '2024-06-01T09:00:00.000Z',
      });

    function liveSetup(extra: Parameters<typeof signInAs>[1] = {}, viewer: UserSelf = me) {
      const history = first();
      return signInAs(viewer, {
        'GET /api/conversations': { body: [conversationWith(marco, history)] },
        'GET /api/messages': { body: [history] },
        'GET /api/messages/unread-count': { body: { count: 0 } },
        [`POST /api/conversations/${marco.id}/read`]: { body: { updated: 1, unreadCount: 0 } },
        ...extra,
      });
    }

    it('connects with the stored token on /socket.io, WebSocket first', async () => {
      liveSetup();
      renderApp('/messages');
      await screen.findByRole('heading', { level: 1, name: 'Messages' });
      const options = lastSocket().options as {
        path: string;
        transports: string[];
        auth: (cb: (data: unknown) => void) => void;
      };
      expect(options.path).toBe('/socket.io');
      expect(options.transports[0]).toBe('websocket');
      const auth = vi.fn();
      options.auth(auth);
      expect(auth).toHaveBeenCalledWith({ token: 'token-abc' });
    });

    it('a new message, typing, "Seen", presence and the unread badge arrive without a reload', async () => {
      const fetchMock = liveSetup();
      renderApp(`/messages?user=${marco.id}`);
      const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
      await within(log).findByText('Hi Lena');
      const socket = lastSocket();
      act(() => socket.serverConnect());

      // Typing: shown while Marco types, gone when his message arrives.
      act(() => socket.serverEmit('typing', { from: marco.id, isTyping: true }));
      expect(await screen.findByText('Marco Rossi is typing...')).toBeInTheDocument();
      const incoming = buildMessage({ from: marco, to: meChat, content: 'The tent is yours' });
      act(() => socket.serverEmit('message:new', incoming));
      expect(await within(log).findByText('The tent is yours')).toBeInTheDocument();
      expect(screen.queryByText('Marco Rossi is typing...')).not.toBeInTheDocument();
      await waitFor(() => expect(calls(fetchMock, 'POST', `/api/conversations/${marco.id}/read`)).toBe(1));

      // Our message over the socket with an acknowledgement, then Marco reads it: "Seen".
      let acked: Message | undefined;
      socket.onAck = (event, payload) => {
        if (event !== 'message:send') return undefined;
        acked = buildMessage({
          from: meChat,
          to: marco,
          ...(payload as { content: string; clientId: string }),
        });
        return acked;
      };
      await userEvent.type(composer(), 'Great, see you at 5{Enter}');
      const sent = socket.emittedOf('message:send')[0] as { clientId: string; receiverId: string };
      expect(sent).toMatchObject({ receiverId: marco.id, content: 'Great, see you at 5' });
      expect(socket.emittedOf('typing')).toContainEqual({ to: marco.id, isTyping: true });
      await within(log).findByText('Great, see you at 5');
      await waitFor(() => expect(within(log).queryByText('Sending...')).not.toBeInTheDocument());
      expect(wasCalled(fetchMock, 'POST', '/api/messages')).toBe(false);
      expect(within(log).queryByText('Seen')).not.toBeInTheDocument();
      // The echo of our own message (message:new goes to both sides) does not show it twice.
      act(() => socket.serverEmit('message:new', acked));
      expect(within(log).getAllByText('Great, see you at 5')).toHaveLength(1);
      act(() =>
        socket.serverEmit('message:read', {
          by: marco.id,
          conversationWith: marco.id,
          upTo: acked!.id,
          readAt: new Date().toISOString(),
        }),
      );
      expect(await within(log).findByText('Seen')).toBeInTheDocument();

      // Presence and the unread total in the navigation.
      act(() =>
        socket.serverEmit('presence', {
          userId: marco.id,
          online: false,
          lastSeen: new Date(Date.now() - 12 * 60_000).toISOString(),
        }),
      );
      expect(await screen.findByText('Active 12 min ago')).toBeInTheDocument();
      act(() => socket.serverEmit('unread:count', { count: 3 }));
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(
        await within(nav).findByRole('link', { name: 'Messages, 3 unread messages' }),
      ).toBeInTheDocument();
      const tabs = screen.getByRole('navigation', { name: 'Quick navigation' });
      expect(within(tabs).getByRole('link', { name: 'Messages, 3 unread messages' })).toBeInTheDocument();
    }, 20_000);

    it("the unread badge counts each incoming message once; another device's read, a reconnect and reading set it from the server", async () => {
      let serverCount = 1;
      const fromMarco = buildMessage({ from: marco, to: meChat, content: 'Still there?' });
      const fetchMock = liveSetup({
        'GET /api/messages/unread-count': () => jsonResponse(200, { count: serverCount }),
        'GET /api/messages': { body: [fromMarco, first()] },
      });
      renderApp('/messages');
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      const badge = (count: number) =>
        within(nav).findByRole('link', {
          name: `Messages, ${count} unread message${count === 1 ? '' : 's'}`,
        });
      await badge(1);
      const socket = await waitFor(() => lastSocket());
      act(() => socket.serverConnect());

      // The server pushes no count per message: each incoming message:new adds one.
      act(() => socket.serverEmit('message:new', fromMarco));
      await badge(2);
      // The same delivery again (a replay after recovery) and the viewer's own message do not count; the next does.
      act(() => socket.serverEmit('message:new', fromMarco));
      act(() => socket.serverEmit('message:new', buildMessage({ from: meChat, to: marco, content: 'Yes' })));
      act(() => socket.serverEmit('message:new', buildMessage({ from: ana, to: meChat, content: 'Hi!' })));
      await badge(3);

      // Another tab or device read a conversation: the server's recount wins.
      act(() => socket.serverEmit('unread:count', { count: 1 }));
      await badge(1);

      // After a reconnect the total is read again (what arrived meanwhile counts).
      serverCount = 4;
      act(() => socket.serverDisconnect());
      act(() => socket.serverConnect({ recovered: false }));
      await badge(4);
      expect(calls(fetchMock, 'GET', '/api/messages/unread-count')).toBe(2);

      // Reading a conversation here sets the total from the read's answer.
      const list = await screen.findByRole('navigation', { name: 'Conversations' });
      await userEvent.click(await within(list).findByRole('link', { name: /Marco Rossi/ }));
      await waitFor(() => expect(calls(fetchMock, 'POST', `/api/conversations/${marco.id}/read`)).toBe(1));
      await waitFor(() => expect(within(nav).getByRole('link', { name: 'Messages' })).toBeInTheDocument());
    }, 20_000);

    it('a socket send whose acknowledgement is lost is sent again with the same clientId', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const fetchMock = liveSetup();
      renderApp(`/messages?user=${marco.id}`);
      const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
      const socket = lastSocket();
      act(() => socket.serverConnect());
      let attempts = 0;
      socket.onAck = (event, payload) => {
        if (event !== 'message:send') return undefined;
        attempts += 1;
        // The first acknowledgement never comes back (a flaky connection); the retry is answered.
        return attempts === 1
          ? undefined
          : buildMessage({ from: meChat, to: marco, ...(payload as { content: string; clientId: string }) });
      };
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(composer(), 'On my way{Enter}');
      expect(within(log).getByText('Sending...')).toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(8_000 + 1_000 + 100));
      await waitFor(() => expect(within(log).queryByText('Sending...')).not.toBeInTheDocument());
      const sends = socket.emittedOf('message:send') as { clientId: string }[];
      expect(sends).toHaveLength(2);
      expect(sends[1]?.clientId).toBe(sends[0]?.clientId);
      expect(within(log).getAllByText('On my way')).toHaveLength(1);
      expect(wasCalled(fetchMock, 'POST', '/api/messages')).toBe(false);
    });

    it('a handshake refused for a passing reason is tried again; a refused token is not', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      liveSetup();
      renderApp(`/messages?user=${marco.id}`);
      await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
      const socket = lastSocket();
      act(() => socket.serverConnect());
      act(() => socket.serverDisconnect());
      act(() => socket.serverRefuse('Service temporarily unavailable', 'SERVICE_UNAVAILABLE'));
      act(() => vi.advanceTimersByTime(1_600));
      expect(socket.connectCalls).toBe(1);
      act(() => socket.serverRefuse('Invalid or expired token', 'INVALID_TOKEN'));
      act(() => vi.advanceTimersByTime(10_000));
      expect(socket.connectCalls).toBe(1);
      vi.useRealTimers();
    });

    it('after every reconnect, recovered or not, the open chat catches up from REST and shows each message once', async () => {
      const history = first();
      const missed = buildMessage({ from: marco, to: meChat, content: 'Sent while you were away' });
      const live = buildMessage({ from: marco, to: meChat, content: 'Sent live, kept by REST' });
      let stored: Message[] = [history];
      const fetchMock = liveSetup({ 'GET /api/messages': () => jsonResponse(200, stored) });
      renderApp(`/messages?user=${marco.id}`);
      const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
      await within(log).findByText('Hi Lena');
      const socket = lastSocket();
      act(() => socket.serverConnect());
      // The first connect reads the chat's newest page again (what was sent before the socket joined).
      await waitFor(() => expect(calls(fetchMock, 'GET', '/api/messages')).toBe(2));
      await waitFor(() => expect(calls(fetchMock, 'GET', '/api/conversations')).toBe(2));
      const before = calls(fetchMock, 'GET', '/api/conversations');

      // Marco's message reached the server as the transport came back; the recovery's replay did not carry it.
      act(() => socket.serverDisconnect());
      expect(await screen.findByText('Reconnecting...')).toBeInTheDocument();
      stored = [missed, history];
      act(() => socket.serverConnect({ recovered: true }));
      expect(await within(log).findByText('Sent while you were away')).toBeInTheDocument();
      await waitFor(() => expect(calls(fetchMock, 'GET', '/api/conversations')).toBe(before + 1));

      // One that arrived live and comes again with the catch-up of a reconnect that was not recovered: once.
      act(() => socket.serverEmit('message:new', live));
      expect(await within(log).findByText('Sent live, kept by REST')).toBeInTheDocument();
      stored = [live, missed, history];
      act(() => socket.serverDisconnect());
      act(() => socket.serverConnect({ recovered: false }));
      await waitFor(() => expect(calls(fetchMock, 'GET', '/api/messages')).toBe(4));
      await waitFor(() => expect(calls(fetchMock, 'GET', '/api/conversations')).toBe(before + 2));
      for (const text of ['Hi Lena', 'Sent while you were away', 'Sent live, kept by REST']) {
        expect(within(log).getAllByText(text)).toHaveLength(1);
      }
      // Oldest at the top.
      const order = [...log.querySelectorAll('li')].map((li) => li.textContent ?? '');
      const at = (text: string) => order.findIndex((line) => line.includes(text));
      expect(at('Hi Lena')).toBeLessThan(at('Sent while you were away'));
      expect(at('Sent while you were away')).toBeLessThan(at('Sent live, kept by REST'));
    });

    it('the first connect catches up what was sent after the chat was read and before the socket joined', async () => {
      const history = first();
      const meanwhile = buildMessage({ from: marco, to: meChat, content: 'Sent while the page loaded' });
      let stored: Message[] = [history];
      const fetchMock = liveSetup({ 'GET /api/messages': () => jsonResponse(200, stored) });
      renderApp(`/messages?user=${marco.id}`);
      const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
      await within(log).findByText('Hi Lena');
      stored = [meanwhile, history];
      act(() => lastSocket().serverConnect());
      expect(await within(log).findByText('Sent while the page loaded')).toBeInTheDocument();
      expect(within(log).getAllByText('Hi Lena')).toHaveLength(1);
      expect(calls(fetchMock, 'GET', '/api/messages')).toBe(2);
    });

    it('a chat still being read at the first connect is read again once its first answer is in', async () => {
      const history = first();
      const meanwhile = buildMessage({ from: marco, to: meChat, content: 'Sent during the first read' });
      let stored: Message[] = [history];
      let answerFirstRead: () => void = () => undefined;
      const firstRead = new Promise<void>((resolve) => (answerFirstRead = resolve));
      let reads = 0;
      liveSetup({
        'GET /api/messages': async () => {
          reads += 1;
          // The first read looked at the server before the message; it answers after the connect.
          const snapshot = stored;
          if (reads === 1) await firstRead;
          return jsonResponse(200, snapshot);
        },
      });
      renderApp(`/messages?user=${marco.id}`);
      await waitFor(() => expect(reads).toBe(1));
      stored = [meanwhile, history];
      act(() => lastSocket().serverConnect());
      answerFirstRead();
      const log = await screen.findByRole('log', { name: 'Conversation with Marco Rossi' });
      expect(await within(log).findByText('Sent during the first read')).toBeInTheDocument();
      expect(within(log).getAllByText('Hi Lena')).toHaveLength(1);
      expect(reads).toBe(2);
    });
  });

  it('Complete Swap asks first, then toasts and goes to the review page after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const history = buildMessage({ from: marco, to: meChat, isRead: true });
    const fetchMock = signInAs(me, {
      'GET /api/conversations': { body: [conversationWith(marco, history)] },
      'GET /api/messages': { body: [history] },
      'GET /api/items/i1': { body: buildItem({ id: 'i1', title: 'Blue tent', userId: marco.id }) },
      'POST /api/exchanges/complete': {
        status: 201,
        body: {
          exchange: {
            id: 'e1',
            requesterId: me.id,
            ownerId: marco.id,
            itemId: 'i1',
            offeredItemId: null,
            status: 'completed',
            message: null,
            createdAt: '',
            completedAt: '',
          },
          redirectTo: `/review/${marco.id}`,
        },
      },
    });
    const { router } = renderApp(`/messages?user=${marco.id}&item=i1`);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('link', { name: /Blue tent/ });

    await user.click(await screen.findByRole('button', { name: 'Complete Swap' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Complete swap with Marco Rossi?' });
    expect(wasCalled(fetchMock, 'POST', '/api/exchanges/complete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Complete Swap' }));

    expect(await toasts().findByText('Swap completed!')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/api/exchanges/complete')).toEqual({
      otherUserId: marco.id,
      itemId: 'i1',
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/messages');
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${marco.id}`));
  });

  it('a failed Complete Swap shows Error / Failed to complete swap', async () => {
    const history = buildMessage({ from: marco, to: meChat, isRead: true });
    signInAs(me, {
      'GET /api/conversations': { body: [conversationWith(marco, history)] },
      'GET /api/messages': { body: [history] },
      'POST /api/exchanges/complete': () => new Response('', { status: 502 }),
    });
    renderApp(`/messages?user=${marco.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Swap' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Complete Swap' }),
    );
    expect(await toasts().findByText('Failed to complete swap')).toBeInTheDocument();
    expect(toasts().getByText('Error')).toBeInTheDocument();
  });

  it('Block asks first and stops sending until Unblock', async () => {
    let blocked = false;
    const history = buildMessage({ from: marco, to: meChat, isRead: true });
    const fetchMock = signInAs(me, {
      'GET /api/conversations': () => jsonResponse(200, [conversationWith(marco, history, { blocked })]),
      'GET /api/messages': { body: [history] },
      'GET /api/blocks': () =>
        jsonResponse(
          200,
          blocked ? [{ userId: marco.id, user: marco, createdAt: new Date().toISOString() }] : [],
        ),
      [`POST /api/blocks/${marco.id}`]: () => {
        blocked = true;
        return jsonResponse(201, { userId: marco.id, user: marco, createdAt: '' });
      },
      [`DELETE /api/blocks/${marco.id}`]: () => {
        blocked = false;
        return jsonResponse(200, { ok: true });
      },
    });
    renderApp(`/messages?user=${marco.id}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Marco Rossi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(
      await screen.findByText('You blocked Marco Rossi. Unblock them to send messages.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', `/api/blocks/${marco.id}`)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'DELETE', `/api/blocks/${marco.id}`)).toBe(true);
  });

  it('Report opens the report form about this user with the hint for the form', async () => {
    const history = buildMessage({ from: marco, to: meChat, isRead: true });
    signInAs(me, {
      'GET /api/conversations': { body: [conversationWith(marco, history)] },
      'GET /api/messages': { body: [history] },
    });
    const { router } = renderApp(`/messages?user=${marco.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-issue'));
    expect(router.state.location.search).toBe(`?type=user&user=${marco.id}`);
    expect(JSON.parse(window.sessionStorage.getItem(REPORTED_USER_HINT_KEY) ?? 'null')).toEqual({
      id: marco.id,
      fullName: 'Marco Rossi',
      username: 'marco',
    });
  });

  it('a message asking for money shows its receiver a calm warning with a one-tap Report; contacts likewise; my own words none', async () => {
    const deposit = buildMessage({
      from: marco,
      to: meChat,
      content: 'Send a deposit by PayPal',
      safetyWarning: 'payment',
    });
    const phone = buildMessage({
      from: marco,
      to: meChat,
      content: 'whatsapp +351 912 345 678',
      safetyWarning: 'off_platform',
    });
    const mine = buildMessage({ from: meChat, to: marco, content: 'my number 912 345 678' });
    signInAs(me, {
      'GET /api/conversations': { body: [conversationWith(marco, mine)] },
      'GET /api/messages': { body: [mine, phone, deposit] },
    });
    const { router } = renderApp(`/messages?user=${marco.id}`);
    const notes = await screen.findAllByRole('note');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toHaveTextContent('NomadSwap swaps are free: never send money');
    expect(notes[1]).toHaveTextContent('Careful with moving to another app or sharing contacts');
    await userEvent.click(within(notes[0]!).getByRole('button', { name: 'Report this person' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-issue'));
    expect(router.state.location.search).toBe(`?type=user&user=${marco.id}`);
  });
});

describe('/profile messaging settings', () => {
  it('shows read receipts and saves a change', async () => {
    const fetchMock = signInAs(me, {
      'GET /api/messaging/settings': {
        body: { readReceipts: true, emailNotifications: true, emailIncludesContent: false },
      },
      'PUT /api/messaging/settings': {
        body: { readReceipts: false, emailNotifications: true, emailIncludesContent: false },
      },
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Messaging' });
    const receipts = await within(section).findByRole('checkbox', { name: 'Read receipts' });
    expect(receipts).toBeChecked();

    await userEvent.click(receipts);
    await waitFor(() => expect(receipts).not.toBeChecked());
    expect(requestBody(fetchMock, 'PUT', '/api/messaging/settings')).toEqual({ readReceipts: false });
    expect(await toasts().findByText('Settings saved')).toBeInTheDocument();
  });
});
