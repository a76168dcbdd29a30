import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { io as connect, type Socket } from 'socket.io-client';
import type { EventEnvelope, EventType } from '@nomadswap/contracts/events';
import type { ClientToServerEvents, ServerToClientEvents } from '@nomadswap/contracts/socket-events';
import type { EventBus } from '@nomadswap/service-kit/events';
import { createTestStores, newId, type TestSession, type TestStores } from '@nomadswap/service-kit/testing';
import { buildApp } from '../../src/app';
import { createMessagingContext, type MessagingContext, type PushConfig } from '../../src/context';
import { applyItemSnapshot } from '../../src/domain/apply-item-events';
import { applyUserSnapshot } from '../../src/domain/apply-user-events';
import type { Language } from '@nomadswap/contracts/enums';
import { attachSocketServer, type SocketServerOptions } from '../../src/realtime/socket-server';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestUser extends TestSession {
  fullName: string;
  username: string;
  /** `<username>@example.test`, as auth's user events carry it. */
  email: string;
}

export interface RunningInstance {
  ctx: MessagingContext;
  url: string;
  close(): Promise<void>;
}

export interface MessagingTestEnv {
  stores: TestStores;
  ctx: MessagingContext;
  app: Express;
  bus: EventBus;
  /** A signed-in user that auth has announced (user state in Redis + the chat projection). */
  user(options?: {
    isApproved?: boolean;
    role?: 'user' | 'admin';
    fullName?: string;
    language?: Language | null;
  }): Promise<TestUser>;
  /** An item known to messaging through its projection. */
  item(options: { ownerId: string; title?: string }): Promise<string>;
  /** Every event on this test's stream so far, oldest first. */
  events<T extends EventType>(type?: T): Promise<EventEnvelope<T>[]>;
  /**
   * A messaging replica listening on a loopback port (its own context, HTTP server and Socket.IO server) on
   * this test's database, Redis stream and key prefix: two of them behave like two processes.
   */
  startInstance(options?: Partial<SocketServerOptions>): Promise<RunningInstance>;
  /** A socket.io-client connected (or refused) to `url` with `token`. */
  connectClient(url: string, token: string | undefined): ClientSocket;
  /** A socket.io-client connected to `url` with `token`, once it is (rejects with the `connect_error`). */
  online(url: string, token: string): Promise<ClientSocket>;
  close(): Promise<void>;
}

export async function createMessagingTestEnv(
  options: {
    messagesPerMinute?: number;
    /** The clock tokens are verified on (handshakes, recoveries); real time unless a test moves it. */
    tokenNow?: () => Date;
    /** Web push on, with these VAPID keys and allowed hosts (off unless given). */
    pushConfig?: PushConfig;
  } = {},
): Promise<MessagingTestEnv> {
  const stores = await createTestStores({ service: 'messaging', now: options.tokenNow });
  const bus = stores.serviceBus('messaging');
  const contextOptions = {
    logger: stores.logger,
    mongo: stores.mongo,
    redis: stores.redis,
    bus,
    auth: stores.auth,
    tokens: stores.tokens,
    userState: stores.userState,
    keyPrefix: stores.keyPrefix,
    messagesPerMinute: options.messagesPerMinute,
    pushConfig: options.pushConfig,
  };
  const ctx = await createMessagingContext(contextOptions);
  const instances: RunningInstance[] = [];
  const clients: ClientSocket[] = [];
  let version = 0;

  function connectClient(url: string, token: string | undefined): ClientSocket {
    const socket: ClientSocket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token === undefined ? {} : { token },
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
      forceNew: true,
    });
    clients.push(socket);
    return socket;
  }

  return {
    stores,
    ctx,
    app: buildApp(ctx),
    bus,
    async user(userOptions = {}) {
      const session = await stores.signIn({
        isApproved: userOptions.isApproved ?? true,
        role: userOptions.role ?? 'user',
      });
      const username = `user${session.id.slice(-6)}`;
      const fullName = userOptions.fullName ?? `User ${session.id.slice(-6)}`;
      await applyUserSnapshot(ctx, {
        id: session.id,
        username,
        fullName,
        avatar: null,
        location: 'Lisbon',
        rating: 0,
        reviewCount: 0,
        isApproved: session.isApproved,
        role: session.role,
        email: `${username}@example.test`,
        language: userOptions.language ?? null,
        version: ++version,
      });
      return { ...session, fullName, username, email: `${username}@example.test` };
    },
    async item({ ownerId, title = 'Tent' }) {
      const id = newId();
      await applyItemSnapshot(ctx, { id, userId: ownerId, title, image: null, isSwapped: false, version: 1 });
      return id;
    },
    async events<T extends EventType>(type?: T) {
      const entries = (await stores.redis.xrange(stores.stream, '-', '+')) as [string, string[]][];
      return entries
        .map(([, fields]) => JSON.parse(fields[fields.indexOf('envelope') + 1]!) as EventEnvelope<T>)
        .filter((envelope) => !type || envelope.type === type);
    },
    async startInstance(socketOptions = {}) {
      const instanceCtx = await createMessagingContext(contextOptions);
      const server = createServer(buildApp(instanceCtx));
      const sockets = attachSocketServer(instanceCtx, server, {
        stream: `${stores.keyPrefix}socket.io`,
        adapterBlockMs: 200,
        ...socketOptions,
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await sockets.ready;
      const { port } = server.address() as AddressInfo;
      const instance: RunningInstance = {
        ctx: instanceCtx,
        url: `http://127.0.0.1:${port}`,
        async close() {
          await sockets.close();
          server.closeAllConnections();
          await new Promise((resolve) => server.close(resolve));
        },
      };
      instances.push(instance);
      // The adapter starts reading its stream asynchronously; give it a moment so nothing published is missed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return instance;
    },
    connectClient,
    async online(url, token) {
      const socket = connectClient(url, token);
      await connected(socket);
      return socket;
    },
    async close() {
      for (const client of clients) client.disconnect();
      for (const instance of instances) await instance.close().catch(() => undefined);
      await bus.stop();
      await ctx.push.close();
      await stores.close();
    },
  };
}

/** Resolves with the next `event` the socket receives (rejects after `timeoutMs`). */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  timeoutMs = 5_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    (socket as unknown as { once(e: string, l: (p: unknown) => void): void }).once(
      event,
      listener as (p: unknown) => void,
    );
  });
}

/** Resolves once the socket is connected; rejects with the `connect_error`. */
export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Records every `event` the socket receives from now on (the payloads, in order). */
export function heard<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const payloads: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket as unknown as { on(e: string, l: (p: unknown) => void): void }).on(event, (payload) =>
    payloads.push(payload as Parameters<ServerToClientEvents[E]>[0]),
  );
  return payloads;
}

/**
 * The sentinel of "nothing was emitted": resolves once `socket` has received a marker that `via` emits to
 * `userId` now. What `via` emitted to them before it has arrived too (one replica's emits reach a socket in
 * order), so a test checks "not emitted" right after, instead of waiting a while and seeing nothing.
 */
export async function drained(socket: ClientSocket, userId: string, via: RunningInstance): Promise<void> {
  const marker = `drained-${Math.random().toString(36).slice(2)}`;
  const arrived = new Promise<void>((resolve) => {
    const listener = (payload: { userId: string }) => {
      if (payload.userId !== marker) return;
      socket.off('presence', listener);
      resolve();
    };
    socket.on('presence', listener);
  });
  via.ctx.live.emit([userId], 'presence', { userId: marker, online: false, lastSeen: null });
  await arrived;
}
