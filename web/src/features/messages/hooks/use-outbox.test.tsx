import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { createQueryClient } from '../../../lib/query-client';
import type * as SendMessageModule from '../api/send-message';
import { sendMessage } from '../api/send-message';
import { clearOutbox, useOutbox } from './use-outbox';

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
});

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
});
