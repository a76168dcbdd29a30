import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SERVER_EVENTS } from '@nomadswap/contracts/socket-events';
import { applyExchange, applyItemReserved } from '../../../lib/exchange-cache';
import { applyMessage, applyPresence, applyReadReceipt, countIncoming } from '../api/cache';
import { catchUpAfterConnect } from '../api/catch-up';
import { messagesKeys } from '../api/query-keys';
import { closeMessagingSocket, openMessagingSocket } from '../api/socket';
import { clearOutbox, settleOutbox } from './use-outbox';
import { clearLiveState, setPresence, setTyping } from './use-live-state';

/**
 * Keeps one Socket.IO connection open for a signed-in, approved user and turns its events into cache
 * updates: new messages, read receipts, typing, presence, the unread total (counted here from `message:new`,
 * set from the server's `unread:count` after reads and at connect) and swaps moving. After every connect, the
 * first included, and every reconnect, recovered or not, what was read before it catches up from REST
 * (catch-up.ts: the open chats, the conversations, the swaps), so no message or step is lost; updates are keyed
 * by id and clientId, so none is shown twice.
 */
export function useMessagingLive(viewerId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const socket = openMessagingSocket();
    let first = true;
    const counted = new Set<string>();

    socket.on('connect', () => {
      // Every connect: what was read before it, or sent while the connection was down, comes from REST.
      void catchUpAfterConnect(queryClient, { first });
      first = false;
    });
    socket.on(SERVER_EVENTS.messageNew, (message) => {
      applyMessage(queryClient, message, viewerId);
      countIncoming(queryClient, message, viewerId, counted);
      if (message.senderId === viewerId) settleOutbox(message.clientId);
      else setTyping(message.senderId, false);
    });
    socket.on(SERVER_EVENTS.messageRead, (payload) => applyReadReceipt(queryClient, viewerId, payload));
    socket.on(SERVER_EVENTS.typing, ({ from, isTyping }) => setTyping(from, isTyping));
    socket.on(SERVER_EVENTS.presence, (presence) => {
      setPresence(presence);
      applyPresence(queryClient, presence);
    });
    socket.on(SERVER_EVENTS.unreadCount, ({ count }) =>
      queryClient.setQueryData(messagesKeys.unreadCount, { count }),
    );
    // A swap moved (either side's action, or a timer): its cards, lists and the item's reservation follow.
    socket.on(SERVER_EVENTS.exchangeUpdated, ({ exchange }) => applyExchange(queryClient, exchange));
    socket.on(SERVER_EVENTS.exchangeItemReserved, ({ itemId }) => applyItemReserved(queryClient, itemId));

    return () => {
      closeMessagingSocket();
      clearLiveState();
      clearOutbox();
    };
  }, [queryClient, viewerId]);
}
