import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@nomadswap/contracts/socket-events';

/**
 * What each socket carries: who it is and the token it proved that with, checked at every handshake (a
 * recovered session's too). Kept in the recovery session, so it holds no secret: the token id, not the token.
 */
export interface SocketData {
  userId: string;
  /** The `jti` of the token of the latest handshake (logout revokes it; the kit's denylist decides). */
  jti: string;
  /** When that token expires (ms since the epoch). */
  tokenExpiresAt: number;
}

export type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The room every socket of a user joins; emitting to it reaches them on every replica (the adapter fans out). */
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Live delivery for the use-cases: a REST send emits `message:new` exactly as a socket send does. Before a
 * Socket.IO server is bound (tests of the HTTP API alone) emitting does nothing: REST stays the source of truth.
 */
export interface LiveChannel {
  emit<E extends keyof ServerToClientEvents>(
    userIds: readonly string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Ends every connection of the user on every replica (deleted or no longer approved). */
  disconnectUser(userId: string): void;
  bind(io: LiveServer): void;
  readonly io: LiveServer | undefined;
}

export function createLiveChannel(): LiveChannel {
  let server: LiveServer | undefined;
  return {
    emit(userIds, event, ...args) {
      if (!server || userIds.length === 0) return;
      const target = server.to(userIds.map(userRoom)) as unknown as {
        emit(event: string, ...payload: unknown[]): boolean;
      };
      target.emit(event, ...args);
    },
    disconnectUser(userId) {
      server?.in(userRoom(userId)).disconnectSockets(true);
    },
    bind(io) {
      server = io;
    },
    get io() {
      return server;
    },
  };
}
