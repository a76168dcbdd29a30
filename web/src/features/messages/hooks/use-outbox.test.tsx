import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { createQueryClient } from '../../../lib/query-client';
import type * as SendMessageModule from '../api/send-message';
import { sendMessage } from '../api/send-message';
import { clearOutbox, OUTBOX_STORAGE_KEY, useOutbox, type OutboxEntry } from './use-outbox';

vi.mock('../api/send-message', async (importOriginal) => ({
  ...(await importOriginal<typeof SendMessageModule>()),
  sendMessage: vi.fn(),
}));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.restoreAllMocks();
  clearOutbox();
  localStorage.clear();
});

const stored = () =>
  JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? 'null') as {
    viewerId: string;
    entries: OutboxEntry[];
  } | null;

/** The stored message a send answers with (the clientId echoed). */
function echo(input: Parameters<typeof sendMessage>[0]): Message {
  return {
    id: `m-${input.clientId}`,
    clientId: input.clientId,
    senderId: 'me',
    receiverId: input.receiverId,
    content: input.content,
    createdAt: new Date().toISOString(),
  } as unknown as Message;
}

/** A reload: the module's memory starts empty, only localStorage is left. */
async function reloadedModules() {
  vi.resetModules();
  const outbox = await import('./use-outbox');
  const { sendMessage: send } = await import('../api/send-message');
  vi.mocked(send).mockReset();
  return { outbox, send: vi.mocked(send) };
}

describe('useOutbox', () => {
  it('a message typed offline waits and is sent once, with its clientId, when the connection returns', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const send = vi.mocked(sendMessage);
    send.mockImplementation(
      async (input) =>
        ({
          id: 'm1',
          clientId: input.clientId,
          senderId: 'me',
          receiverId: input.receiverId,
          content: input.content,
          createdAt: new Date().toISOString(),
        }) as unknown as Message,
    );
    const { result } = renderHook(() => useOutbox('me', 'them'), { wrapper });

    act(() => result.current.send('See you at the station at 6?'));
    expect(result.current.pending).toHaveLength(1);
    expect(result.current.pending[0]?.status).toBe('sending');
    // Once every promise it started has settled (a send would be one microtask away), nothing went out: only the
    // 'online' event can take it further. No fixed wait.
    await act(() => new Promise((resolve) => setImmediate(resolve)));
    expect(send).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      receiverId: 'them',
      content: 'See you at the station at 6?',
      clientId: expect.any(String),
    });
    await waitFor(() => expect(result.current.pending).toHaveLength(0));
  });

  it('a message typed offline survives a reload: restored in its conversation and sent once, same clientId', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const first = renderHook(() => useOutbox('me', 'them'), { wrapper });
    act(() => first.result.current.send('Still up for the swap tomorrow?'));
    expect(stored()).toMatchObject({
      viewerId: 'me',
      entries: [{ receiverId: 'them', content: 'Still up for the swap tomorrow?', status: 'sending' }],
    });
    const clientId = stored()!.entries[0]!.clientId;
    first.unmount();

    const { outbox, send } = await reloadedModules();
    send.mockImplementation(async (input) => echo(input));
    onLine.mockReturnValue(true);
    const live = renderHook(() => outbox.useResumeOutbox('me'), { wrapper });
    const chat = renderHook(() => outbox.useOutbox('me', 'them'), { wrapper });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toEqual({
      clientId,
      receiverId: 'them',
      content: 'Still up for the swap tomorrow?',
    });
    await waitFor(() => expect(chat.result.current.pending).toHaveLength(0));
    expect(stored()).toBeNull();
    live.unmount();
    chat.unmount();
    outbox.clearOutbox();
  });

  it('a failed message comes back failed (Retry is the user’s call), and is not sent by itself', async () => {
    const entry: OutboxEntry = {
      clientId: 'c-failed',
      receiverId: 'them',
      content: 'Where do we meet?',
      createdAt: '2026-11-26T08:00:00.000Z',
      status: 'failed',
    };
    localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify({ viewerId: 'me', entries: [entry] }));
    const { outbox, send } = await reloadedModules();
    send.mockImplementation(async (input) => echo(input));
    const chat = renderHook(() => outbox.useOutbox('me', 'them'), { wrapper });
    await waitFor(() => expect(chat.result.current.pending).toEqual([entry]));
    await act(() => new Promise((resolve) => setImmediate(resolve)));
    expect(send).not.toHaveBeenCalled();

    act(() => chat.result.current.retry('c-failed'));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toMatchObject({ clientId: 'c-failed' });
    chat.unmount();
    outbox.clearOutbox();
  });

  it('another user’s stored outbox is neither shown nor sent', async () => {
    const entry: OutboxEntry = {
      clientId: 'c-theirs',
      receiverId: 'them',
      content: 'Not yours',
      createdAt: '2026-11-26T08:00:00.000Z',
      status: 'sending',
    };
    localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify({ viewerId: 'someone-else', entries: [entry] }));
    const { outbox, send } = await reloadedModules();
    const chat = renderHook(() => outbox.useOutbox('me', 'them'), { wrapper });
    await act(() => new Promise((resolve) => setImmediate(resolve)));
    expect(chat.result.current.pending).toEqual([]);
    expect(send).not.toHaveBeenCalled();
    chat.unmount();
    outbox.clearOutbox();
  });

  it('closing the live connection keeps the stored outbox while signed in, and removes it once signed out', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem('authToken', 'token-of-me');
    const chat = renderHook(() => useOutbox('me', 'them'), { wrapper });
    act(() => chat.result.current.send('See you at 6'));
    chat.unmount();
    clearOutbox();
    expect(stored()?.entries).toHaveLength(1);

    const again = renderHook(() => useOutbox('me', 'them'), { wrapper });
    await waitFor(() => expect(again.result.current.pending).toHaveLength(1));
    again.unmount();
    localStorage.removeItem('authToken');
    clearOutbox();
    expect(stored()).toBeNull();
  });
});
