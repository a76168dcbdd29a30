import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { applyMessage } from './cache';
import { messagesKeys } from './query-keys';

const ME = '65f1a2b3c4d5e6f708192a3b';
const ANA = '65f1a2b3c4d5e6f708192a77';
const chatUser = (id: string) => ({
  id,
  fullName: id === ME ? 'Me' : 'Ana',
  username: id === ME ? 'me' : 'ana',
  avatar: null,
  rating: 0,
  reviewCount: 0,
  deleted: false,
});
const message: Message = {
  id: '670000000000000000000001',
  senderId: ANA,
  receiverId: ME,
  exchangeId: null,
  itemId: null,
  content: 'before the drop',
  safetyWarning: null,
  isRead: false,
  readAt: null,
  clientId: 'c1',
  createdAt: '2026-11-25T10:00:00.000Z',
  sender: chatUser(ANA),
  receiver: chatUser(ME),
};

describe('applyMessage (a live message:new)', () => {
  it('while the thread is first being read, reads it again after, so an answer from before the message cannot lose it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: Message[][] = [[], [message]];
    let reads = 0;
    let release!: () => void;
    const firstAnswerHeld = new Promise<void>((resolve) => (release = resolve));
    // The open conversation's observer (useThread), whose first read is held until the message is stored.
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: messagesKeys.thread(ANA),
      initialPageParam: null,
      getNextPageParam: () => null,
      queryFn: async () => {
        const answer = answers[reads++]!;
        if (reads === 1) await firstAnswerHeld;
        return { messages: answer, nextCursor: null };
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect
      .poll(() => queryClient.getQueryState(messagesKeys.thread(ANA))?.fetchStatus)
      .toBe('fetching');

    applyMessage(queryClient, message, ME);
    release();
    await expect
      .poll(() => {
        const data = queryClient.getQueryData<{ pages: { messages: Message[] }[] }>(messagesKeys.thread(ANA));
        return data?.pages[0]?.messages.map((m) => m.content);
      })
      .toEqual(['before the drop']);
    expect(reads).toBe(2);
    unsubscribe();
  });
});
