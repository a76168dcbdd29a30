import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Presence } from '@nomadswap/contracts/messaging-responses';
import { CLIENT_EVENTS, TYPING_EXPIRES_MS } from '@nomadswap/contracts/socket-events';
import { connectedSocket } from '../api/socket';

/*
 * What only lives on the socket and never in REST data: who is typing to the viewer right now, and the
 * latest presence of each user (also of users who are not in the loaded conversation list yet).
 */

let typing = new Set<string>();
let presence = new Map<string, Presence>();
const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Socket `typing` {from, isTyping}: an indicator that is not refreshed disappears after 5 s. */
export function setTyping(userId: string, isTyping: boolean): void {
  clearTimeout(typingTimers.get(userId));
  typingTimers.delete(userId);
  const next = new Set(typing);
  if (isTyping) {
    next.add(userId);
    typingTimers.set(
      userId,
      setTimeout(() => setTyping(userId, false), TYPING_EXPIRES_MS),
    );
  } else if (!next.has(userId)) {
    return;
  } else {
    next.delete(userId);
  }
  typing = next;
  notify();
}

export function setPresence(value: Presence): void {
  presence = new Map(presence).set(value.userId, value);
  notify();
}

export function clearLiveState(): void {
  for (const timer of typingTimers.values()) clearTimeout(timer);
  typingTimers.clear();
  typing = new Set();
  presence = new Map();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `userId` is typing to the viewer now (never, on the server: nothing live is known there). */
export function useIsTyping(userId: string): boolean {
  return useSyncExternalStore(subscribe, () => typing.has(userId), notTyping);
}

/** `userId`'s presence as the socket last told it (none on the server: the page shows the REST answer's). */
export function useLivePresence(userId: string): Presence | undefined {
  return useSyncExternalStore(subscribe, () => presence.get(userId), noPresence);
}

const notTyping = () => false;
const noPresence = () => undefined;

/** Signals sent while typing are at least this far apart (the server throttles as well). */
export const TYPING_SEND_INTERVAL_MS = 2_000;
/** After this long without a keystroke the other side is told that typing stopped. */
export const TYPING_IDLE_MS = 3_000;

/** Tells `to` that the viewer is typing: throttled while keys are pressed, and "stopped" when idle or sent. */
export function useTypingSignal(to: string) {
  const lastSent = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(idleTimer.current);
    idleTimer.current = undefined;
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    connectedSocket()?.emit(CLIENT_EVENTS.typing, { to, isTyping: false });
  }, [to]);

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current >= TYPING_SEND_INTERVAL_MS) {
      const socket = connectedSocket();
      if (socket) {
        socket.emit(CLIENT_EVENTS.typing, { to, isTyping: true });
        lastSent.current = now;
      }
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [stop, to]);

  useEffect(() => stop, [stop]);
  return { typed, stop };
}
