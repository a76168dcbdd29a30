import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@nomadswap/contracts/socket-events';
import { apiGet } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketState {
  socket: ChatSocket | null;
  connected: boolean;
  /** The connection was up once and is now down (the first connect is not a "reconnecting"). */
  reconnecting: boolean;
}

let state: SocketState = { socket: null, connected: false, reconnecting: false };
const listeners = new Set<() => void>();

function setState(next: Partial<SocketState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Handshake refusals another try cannot change: the session is over (the app learns it on its next REST call). */
const FINAL_REFUSALS = new Set(['UNAUTHORIZED', 'INVALID_TOKEN', 'NOT_APPROVED', 'ACCOUNT_SUSPENDED']);
/** Waits before trying again after a passing refusal (each ±50 %), the last one repeated. */
const RETRY_AFTER_REFUSAL_MS = [1_000, 2_000, 5_000];
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Opens the one Socket.IO connection of this tab: same origin, path `/socket.io`, the REST token as
 * `auth.token` (read again on every reconnect, so a new login is picked up), WebSocket first with long
 * polling as the fallback for networks that refuse WebSockets.
 */
export function openMessagingSocket(): ChatSocket {
  closeMessagingSocket();
  const socket: ChatSocket = io({
    path: SOCKET_PATH,
    auth: (cb) => cb({ token: getAuthToken() ?? '' }),
    transports: ['websocket', 'polling'],
  });
  let refusals = 0;
  socket.on('connect', () => {
    refusals = 0;
    setState({ connected: true, reconnecting: false });
  });
  socket.on('disconnect', (reason) => {
    setState({ connected: false, reconnecting: true });
    // The server ended the session (a suspension, a revoked token): asking who we are lets the API client end
    // it here too and say why (issue 26).
    if (reason === 'io server disconnect') void apiGet('/api/auth/me').catch(() => undefined);
  });
  // socket.io-client retries a failed transport by itself (the socket stays active), but a refusal by the
  // server's handshake ends its retries: a passing one (SERVICE_UNAVAILABLE, the server could not check the
  // token) would leave the chat without live updates until a reload. Those are tried again.
  socket.on('connect_error', (error) => {
    if (socket.active) return;
    const code = (error as Error & { data?: { code?: unknown } }).data?.code;
    // Refused as suspended: the API says why and until when, and ends the session here (issue 26).
    if (code === 'ACCOUNT_SUSPENDED') void apiGet('/api/auth/me').catch(() => undefined);
    if (typeof code === 'string' && FINAL_REFUSALS.has(code)) return;
    const wait = RETRY_AFTER_REFUSAL_MS[Math.min(refusals, RETRY_AFTER_REFUSAL_MS.length - 1)]!;
    refusals += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(
      () => {
        if (state.socket === socket) socket.connect();
      },
      wait * (0.5 + Math.random()),
    );
  });
  setState({ socket, connected: socket.connected, reconnecting: false });
  return socket;
}

export function closeMessagingSocket(): void {
  clearTimeout(retryTimer);
  state.socket?.disconnect();
  setState({ socket: null, connected: false, reconnecting: false });
}

/** The live connection, when one is open and connected (sends fall back to REST otherwise). */
export function connectedSocket(): ChatSocket | null {
  return state.connected ? state.socket : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export function useMessagingSocket(): SocketState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
