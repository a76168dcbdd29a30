import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@nomadswap/contracts/socket-events';
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
  socket.on('connect', () => setState({ connected: true, reconnecting: false }));
  socket.on('disconnect', () => setState({ connected: false, reconnecting: true }));
  setState({ socket, connected: socket.connected, reconnecting: false });
  return socket;
}

export function closeMessagingSocket(): void {
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
