import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../hooks/use-toast';
import { messageText } from '../../../i18n/message-text';
import { isOffline } from '../../../lib/api-client';
import { applyMessage } from '../api/cache';
import { SendError, sendMessage } from '../api/send-message';

/** A message typed by the viewer that the server has not confirmed yet. */
export interface OutboxEntry {
  clientId: string;
  receiverId: string;
  content: string;
  itemId?: string;
  createdAt: string;
  status: 'sending' | 'failed';
}

/** Automatic retries of a send that got no answer, before it shows as failed with a Retry button. */
export const RETRY_DELAYS_MS = [1_000, 3_000, 6_000];

let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();

function setEntries(next: OutboxEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

function update(clientId: string, patch: Partial<OutboxEntry>): void {
  setEntries(entries.map((e) => (e.clientId === clientId ? { ...e, ...patch } : e)));
}

/** The stored copy arrived (ack, REST answer or `message:new`): the pending bubble gives way to it. */
export function settleOutbox(clientId: string | null): void {
  if (clientId && entries.some((e) => e.clientId === clientId)) {
    setEntries(entries.filter((e) => e.clientId !== clientId));
  }
}

/** Forget everything pending (sign-out). */
export function clearOutbox(): void {
  setEntries([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => entries;

function newClientId(): string {
  return crypto.randomUUID();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the browser is back online (at once when it is). */
function onlineAgain(): Promise<void> {
  if (!isOffline()) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Optimistic sending for one conversation: a bubble shows at once as "sending", is retried with the same
 * clientId when no answer comes, and ends as the stored message or as "failed" with Retry and a toast.
 * While the browser is offline it is held and sent on reconnect.
 */
export function useOutbox(viewerId: string, otherUserId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const all = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const pending = all.filter((e) => e.receiverId === otherUserId);

  const deliver = useCallback(
    async (entry: OutboxEntry) => {
      const input = {
        clientId: entry.clientId,
        receiverId: entry.receiverId,
        content: entry.content,
        ...(entry.itemId ? { itemId: entry.itemId } : {}),
      };
      for (let attempt = 0; ; attempt += 1) {
        // Typed offline: the bubble waits as "sending" and goes out, same clientId, when the connection returns.
        await onlineAgain();
        try {
          const message = await sendMessage(input);
          applyMessage(queryClient, message, viewerId);
          settleOutbox(entry.clientId);
          return;
        } catch (error) {
          const retryable = !(error instanceof SendError) || error.retryable;
          const delay = RETRY_DELAYS_MS[attempt];
          // Someone else (a `message:new` with this clientId) may have settled it meanwhile.
          if (!entries.some((e) => e.clientId === entry.clientId)) return;
          // The connection dropped during this attempt: it does not count, the next one waits for it.
          if (retryable && isOffline()) {
            attempt -= 1;
            continue;
          }
          if (retryable && delay !== undefined) {
            await wait(delay);
            continue;
          }
          update(entry.clientId, { status: 'failed' });
          const detail =
            error instanceof SendError && !error.retryable
              ? messageText(t, error.message)
              : t('messages.sendFailed');
          toast({ title: t('common.error'), description: detail, variant: 'destructive' });
          return;
        }
      }
    },
    [queryClient, t, viewerId],
  );

  const send = useCallback(
    (content: string, itemId?: string) => {
      const entry: OutboxEntry = {
        clientId: newClientId(),
        receiverId: otherUserId,
        content,
        itemId,
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      setEntries([...entries, entry]);
      void deliver(entry);
    },
    [deliver, otherUserId],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = entries.find((e) => e.clientId === clientId);
      if (!entry) return;
      update(clientId, { status: 'sending' });
      void deliver({ ...entry, status: 'sending' });
    },
    [deliver],
  );

  return { pending, send, retry };
}
