import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from '../../../hooks/use-toast';
import { messageText } from '../../../i18n/message-text';
import { isOffline } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
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

/**
 * The outbox outlives a reload (typed offline, then the tab reloaded or the phone killed it): kept in
 * localStorage for the signed-in user it belongs to, restored and sent again with the same clientIds (the
 * server's idempotency makes a second send of a stored message harmless), removed at sign-out.
 */
export const OUTBOX_STORAGE_KEY = 'nomadswap.outbox';
/** More than anyone types offline; a store past it keeps the newest. */
export const OUTBOX_STORED_MAX = 50;
/** Whose outbox the memory holds (set by the first hook of a signed-in user): what is stored is theirs. */
let owner: string | null = null;

interface StoredOutbox {
  viewerId: string;
  entries: OutboxEntry[];
}

function persist(): void {
  if (!owner) return;
  try {
    if (entries.length === 0) window.localStorage.removeItem(OUTBOX_STORAGE_KEY);
    else {
      const stored: StoredOutbox = { viewerId: owner, entries: entries.slice(-OUTBOX_STORED_MAX) };
      window.localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(stored));
    }
  } catch {
    // No storage (private mode, quota): the outbox still works for this page's life.
  }
}

function readStored(viewerId: string): OutboxEntry[] {
  try {
    const raw = window.localStorage.getItem(OUTBOX_STORAGE_KEY);
    if (!raw) return [];
    const stored = JSON.parse(raw) as Partial<StoredOutbox>;
    if (stored.viewerId !== viewerId || !Array.isArray(stored.entries)) return [];
    return stored.entries.filter(
      (e): e is OutboxEntry =>
        typeof e?.clientId === 'string' &&
        typeof e.receiverId === 'string' &&
        typeof e.content === 'string' &&
        typeof e.createdAt === 'string',
    );
  } catch {
    return [];
  }
}

function setEntries(next: OutboxEntry[]): void {
  entries = next;
  persist();
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

/**
 * The live connection closed (sign-out, or the page left the signed-in shell): the memory forgets what is
 * pending; the stored copy goes too once no one is signed in (a shared phone keeps nobody's drafts), and stays
 * for the same user's next visit otherwise.
 */
export function clearOutbox(): void {
  const signedOut = getAuthToken() === null;
  entries = [];
  if (signedOut) persist();
  owner = null;
  for (const listener of listeners) listener();
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

interface DeliverDeps {
  queryClient: QueryClient;
  t: TFunction;
  viewerId: string;
}

/**
 * Sends one entry: retried with the same clientId when no answer comes, held while offline, ended as the stored
 * message or as "failed" with a toast.
 */
async function deliver(entry: OutboxEntry, { queryClient, t, viewerId }: DeliverDeps): Promise<void> {
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
}

/**
 * Takes the memory for the viewer (once; the first hook of theirs to mount): their stored outbox comes back —
 * what was still sending goes out again, failed ones wait for Retry — and another user's is ignored.
 */
function adopt(deps: DeliverDeps): void {
  if (owner === deps.viewerId) return;
  owner = deps.viewerId;
  const restored = readStored(deps.viewerId).filter((e) => !entries.some((x) => x.clientId === e.clientId));
  if (restored.length === 0) return persist();
  setEntries([...entries, ...restored]);
  for (const entry of restored) if (entry.status === 'sending') void deliver(entry, deps);
}

/**
 * Mounted with the live connection: what the viewer typed before a reload shows again in its conversations
 * and goes out, whichever page they are on.
 */
export function useResumeOutbox(viewerId: string): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => adopt({ queryClient, t, viewerId }), [queryClient, t, viewerId]);
}

/**
 * The pending sends of one conversation. Only what shows them subscribes (the message list): a send re-renders
 * the list, not the chat pane around it (issue 25's send INP).
 */
export function usePendingSends(otherUserId: string): OutboxEntry[] {
  const all = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(() => all.filter((e) => e.receiverId === otherUserId), [all, otherUserId]);
}

/**
 * Optimistic sending for one conversation, without subscribing to the outbox: a bubble shows at once as
 * "sending", is retried with the same clientId when no answer comes, and ends as the stored message or as
 * "failed" with Retry and a toast. While the browser is offline it is held and sent on reconnect. `send` and
 * `retry` keep their identity across renders.
 */
export function useOutboxActions(viewerId: string, otherUserId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Owned before anything is sent, so the first message is stored under this user.
  useEffect(() => adopt({ queryClient, t, viewerId }), [queryClient, t, viewerId]);

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
      adopt({ queryClient, t, viewerId });
      setEntries([...entries, entry]);
      void deliver(entry, { queryClient, t, viewerId });
    },
    [otherUserId, queryClient, t, viewerId],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = entries.find((e) => e.clientId === clientId);
      if (!entry) return;
      update(clientId, { status: 'sending' });
      void deliver({ ...entry, status: 'sending' }, { queryClient, t, viewerId });
    },
    [queryClient, t, viewerId],
  );

  return { send, retry };
}

/** The conversation's pending sends and how to add to them (useOutboxActions and usePendingSends together). */
export function useOutbox(viewerId: string, otherUserId: string) {
  const pending = usePendingSends(otherUserId);
  return { pending, ...useOutboxActions(viewerId, otherUserId) };
}
