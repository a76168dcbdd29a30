import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server, type Socket } from 'socket.io';
import {
  ConversationReadSchema,
  SocketMessageSendSchema,
  TypingSchema,
} from '@nomadswap/contracts/messaging';
import {
  SOCKET_AUTH_ERRORS,
  SOCKET_MAX_PER_USER,
  SOCKET_PATH,
  SOCKET_HANDLED,
  SOCKET_RATE_LIMITED,
  SOCKET_RECOVERY_MS,
  TYPING_EXPIRES_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@nomadswap/contracts/socket-events';
import { MSG } from '@nomadswap/contracts/messages';
import { sanctionInForce } from '@nomadswap/contracts/sanctions';
import { sanctionedError, sanctionInForceOrThrow } from '@nomadswap/service-kit/auth';
import {
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  toErrorBody,
  toHttpError,
} from '@nomadswap/service-kit/errors';
import type { RateLimiter } from '@nomadswap/service-kit/rate-limit';
import type { MessagingContext } from '../context';
import { countUnread } from '../domain/count-unread';
import { blockedAmong, isBlockedEitherWay } from '../data/block';
import { hex, oid } from '../data/ids';
import { markConversationRead } from '../domain/mark-conversation-read';
import { sendMessage } from '../domain/send-message';
import type { Viewer } from '../domain/viewer';
import { createEventBudget, type EventBudget } from './event-budget';
import { userRoom, type LiveServer, type SocketData } from './live';
import { markSendStage } from './send-timings';
import { readViewerRound, type ViewerRound } from './viewer-round';
import { withoutReplayedDuplicates, type RestoreGap } from './replayed-duplicates';

type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** An event's acknowledgement (a no-op for events sent without one). */
type Reply = (response: unknown) => void;

export interface SocketServerOptions {
  /** Redis stream of the adapter (config SOCKET_STREAM; tests use their own). */
  stream: string;
  /** Connection state recovery window. Default 2 minutes. */
  recoveryMs?: number;
  /** Longest blocking read of the adapter; bounds how long close() waits. Default 5 s. */
  adapterBlockMs?: number;
  /** How often this replica refreshes the presence of its sockets. Default 30 s. */
  presenceRefreshMs?: number;
  /**
   * How often this replica checks the tokens of its sockets against the denylist and their expiry. Revocations
   * are heard at once (pub/sub); this catches what a lost notification left open. Default 30 s.
   */
  revocationCheckMs?: number;
  /** Shortest gap between two forwarded "is typing" signals of one user to another (any socket). Default 2 s. */
  typingThrottleMs?: number;
  /** Sockets one user may hold open over every replica (config SOCKET_MAX_PER_USER). Default 10. */
  maxSocketsPerUser?: number;
}

export interface RunningSocketServer {
  io: LiveServer;
  /** Resolves once revocations are heard (the subscription is in place). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Tokens whose denylist keys one command of the periodic revocation check reads. */
const REVOCATION_CHECK_BATCH = 1_000;

/** Most conversation partners told about a presence change (the newest ones). */
const PRESENCE_FANOUT_LIMIT = 500;

/** A send's `receiverId` as the client wrote it, when it has an id's shape (the schema still decides). */
function receiverIdOf(payload: unknown): string | undefined {
  const id = (payload as { receiverId?: unknown } | null)?.receiverId;
  return typeof id === 'string' && /^[0-9a-f]{24}$/.test(id) ? id : undefined;
}

/** A `connect_error` whose message the client shows, with the machine code in `data`. */
function handshakeError(message: string, code: string): Error & { data: { code: string } } {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * The Socket.IO server of the messaging service, on the same HTTP server as the REST API, path `/socket.io`.
 * The Redis streams adapter lets any number of replicas deliver to each other's sockets and keeps what a
 * socket missed for connection state recovery. The handshake takes `auth.token` (the REST token) and refuses
 * invalid, unapproved and deleted users; every socket joins `user:{id}`.
 */
export function attachSocketServer(
  ctx: MessagingContext,
  httpServer: HttpServer,
  options: SocketServerOptions,
): RunningSocketServer {
  const io: LiveServer = new Server<
    ClientToServerEvents,
    ServerToClientEvents,
    Record<string, never>,
    SocketData
  >(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    connectionStateRecovery: {
      maxDisconnectionDuration: options.recoveryMs ?? SOCKET_RECOVERY_MS,
      // A recovered session goes through the handshake again: its token may have been revoked or expired, its
      // user deleted, while it was away (issue 21).
      skipMiddlewares: false,
    },
    adapter: withoutReplayedDuplicates(
      createAdapter(ctx.redis, {
        streamName: options.stream,
        channelPrefix: options.stream,
        sessionKeyPrefix: `${options.stream}:session:`,
        maxLen: 100_000,
        blockTimeInMs: options.adapterBlockMs ?? 5_000,
        onlyPlaintext: true,
      }),
    ),
  });
  ctx.live.bind(io);
  const typingThrottleMs = options.typingThrottleMs ?? 2_000;
  const maxSocketsPerUser = options.maxSocketsPerUser ?? SOCKET_MAX_PER_USER;
  const log = ctx.logger.child({ component: 'socket.io' });

  /**
   * Every handshake, a recovered session's too (skipMiddlewares is off): the token (signature, expiry,
   * revocation), the user's current state, and last a slot among the user's sockets (at most
   * `maxSocketsPerUser` over every replica). A recovered session must belong to the token's user. Every refusal
   * and every recovery is logged with its reason.
   */
  io.use(async (socket, next) => {
    const recovered = socket.recovered;
    // A recovered socket comes back with the data of its session: whose session it was.
    const sessionUserId = recovered ? (socket.data as Partial<SocketData>).userId : undefined;
    const refuse = (reason: string, message: string, code: string, userId?: string) => {
      log.info({ reason, code, recovered, userId, socketId: socket.id }, 'socket handshake refused');
      next(handshakeError(message, code));
    };
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') {
      refuse('no token', SOCKET_AUTH_ERRORS.missingToken, 'UNAUTHORIZED');
      return;
    }
    try {
      const user = await ctx.auth.userFromToken(token);
      if (recovered && sessionUserId !== user.id) {
        refuse('recovered session of another user', MSG.invalidToken, 'INVALID_TOKEN', user.id);
        return;
      }
      if (!user.isApproved && user.role !== 'admin') {
        refuse('not approved', SOCKET_AUTH_ERRORS.notApproved, 'NOT_APPROVED', user.id);
        return;
      }
      const slot = await ctx.connectionSlots.take(user.id, socket.id, maxSocketsPerUser);
      if (!slot.taken) {
        refuse(
          `too many connections: ${slot.open} open, at most ${maxSocketsPerUser}`,
          SOCKET_AUTH_ERRORS.tooManyConnections,
          'TOO_MANY_CONNECTIONS',
          user.id,
        );
        return;
      }
      socket.data = { userId: user.id, jti: user.jti, tokenExpiresAt: user.tokenExpiresAt.getTime() };
      if (recovered) {
        log.info(
          { reason: 'token and user re-checked', userId: user.id, socketId: socket.id },
          'socket session recovered',
        );
      } else if (typeof socket.handshake.auth?.pid === 'string') {
        // The client asked to recover; the adapter had no session or no offset for it (the client then catches up
        // from REST).
        log.info(
          {
            reason: 'no session or offset: older than the recovery window, trimmed, or never stored',
            hadOffset: typeof socket.handshake.auth?.offset === 'string',
            userId: user.id,
            socketId: socket.id,
          },
          'socket session not recovered',
        );
      }
      next();
    } catch (error) {
      const known = toHttpError(error);
      if (known && known.status < 500) {
        // The token service answers the same for a bad signature, an expiry and a revocation; the cause says which.
        const cause = (known as { cause?: unknown }).cause;
        const reason = cause instanceof Error ? `${known.code}: ${cause.message}` : known.code;
        refuse(reason, known.message, known.code, sessionUserId);
      } else {
        log.error({ err: error, recovered }, 'socket handshake failed');
        next(handshakeError(MSG.serviceUnavailable, 'SERVICE_UNAVAILABLE'));
      }
    }
  });

  /**
   * Who this socket is as of now, asked by every event: its token neither expired nor revoked (the kit's denylist
   * decides) and its user still there — else the socket is closed —, and approved (approval can change while
   * connected) — else the event is refused. `round` is the one Redis read of all that (readViewerRound).
   */
  async function currentViewer(socket: ChatSocket, round: Promise<ViewerRound>): Promise<Viewer> {
    const { userId, tokenExpiresAt } = socket.data;
    const { revoked, state } = await round;
    const gone = revoked
      ? 'token revoked'
      : tokenExpiresAt <= Date.now()
        ? 'token expired'
        : !state
          ? 'user deleted'
          : undefined;
    if (gone || !state) {
      log.info({ reason: gone, userId, socketId: socket.id }, 'socket closed');
      socket.disconnect(true);
      throw new UnauthorizedError(MSG.invalidToken, { code: 'INVALID_TOKEN' });
    }
    if (!state.isApproved && state.role !== 'admin') {
      throw new ForbiddenError(MSG.approvalRequired, { code: 'NOT_APPROVED' });
    }
    let sanction;
    try {
      sanction = sanctionInForceOrThrow(state, ctx.now());
    } catch (suspended) {
      log.info({ reason: 'user suspended', userId, socketId: socket.id }, 'socket closed');
      socket.disconnect(true);
      throw suspended;
    }
    return { id: userId, role: state.role, isApproved: state.isApproved, sanction };
  }

  /**
   * Charges one client event to the socket's budget. Over it: the ack (when the event has one) answers
   * RATE_LIMITED and the event is dropped; a flood closes the socket. False when the event must be dropped.
   */
  function spend(socket: ChatSocket, budget: EventBudget, event: unknown, reply: Reply): boolean {
    const verdict = budget.take();
    if (verdict === 'ok') return true;
    reply(SOCKET_RATE_LIMITED);
    if (verdict === 'flood' && socket.connected) {
      log.warn(
        { reason: 'event flood', event, userId: socket.data.userId, socketId: socket.id },
        'socket closed',
      );
      socket.disconnect(true);
    }
    return false;
  }

  /** Whether `from` may tell `to` about typing: they share a conversation and neither blocked the other. */
  async function mayTypeTo(from: string, to: string): Promise<boolean> {
    const [partner, blocked] = await Promise.all([
      ctx.conversations.exists({ ownerId: oid(from), otherId: oid(to) }),
      isBlockedEitherWay(ctx, from, to),
    ]);
    return partner !== null && !blocked;
  }

  /** Tells the user's conversation partners (not across a block) that they came online or went away. */
  async function broadcastPresence(userId: string): Promise<void> {
    const rows = await ctx.conversations
      .find({ ownerId: oid(userId) })
      .sort({ lastMessageAt: -1 })
      .limit(PRESENCE_FANOUT_LIMIT)
      .select({ otherId: 1 })
      .lean();
    const partners = rows.map((row) => hex(row.otherId));
    const { either } = await blockedAmong(ctx, userId, partners);
    const audience = partners.filter((id) => !either.has(id));
    if (audience.length === 0) return;
    ctx.live.emit(audience, 'presence', await ctx.presence.get(userId));
  }

  /**
   * Presence updates of sockets that went away, still running: close() waits for them, so a shutdown records
   * every user's lastSeen before the service closes its database and Redis (they used to fail after it).
   */
  const presenceUpdates = new Set<Promise<void>>();

  io.on('connection', (socket: ChatSocket) => {
    const userId = socket.data.userId;
    if (!socket.recovered) void socket.join(userRoom(userId));
    else {
      // What was delivered between the replay and now (the handshake ran in between): before anything live.
      const missed = (io.of('/').adapter as unknown as Partial<RestoreGap>).takeRestoreGap?.(socket.id) ?? [];
      const send = socket.emit.bind(socket) as unknown as (...data: unknown[]) => boolean;
      for (const data of missed) send(...data);
    }
    const typingTimers = new Map<string, NodeJS.Timeout>();
    // On the context's clock, so a test can hold time still and count the budget exactly.
    const budget = createEventBudget(undefined, () => ctx.now().getTime());
    const handled = new Set<string>();

    /**
     * The one way a client event reaches a handler: within the socket's budget, then with `viewer`, the check of
     * who this is (token, user) already running. A handler awaits `viewer` before any effect (a send hands it to
     * the use-case, which awaits it alongside its own checks: no extra round trip). A refusal, from the check or
     * the handler, is the ack's `{error, code}`; an event whose handler answers nothing (typing) is acked
     * `{ok: true}` once handled, when the client asked for an ack.
     */
    const on = <E extends keyof ClientToServerEvents>(
      event: E,
      handler: (args: {
        viewer: Promise<Viewer>;
        payload: unknown;
        reply: Reply;
        /** What the guard's round read about the user `stateOf` named (nothing when none was named). */
        other: Promise<Pick<ViewerRound, 'other' | 'chatVersions' | 'otherOnline' | 'limit'>>;
      }) => Promise<void>,
      /** A user whose state the handler needs (a send's receiver): read in the same round as the guard's. */
      stateOf?: (payload: unknown) => string | undefined,
      /** With `stateOf`: a limiter whose point for the sender the same round takes (a send's limit). */
      takes?: RateLimiter,
    ) => {
      handled.add(event);
      const listen = socket.on.bind(socket) as (name: string, listener: (...args: unknown[]) => void) => void;
      listen(event, async (payload: unknown, ack?: unknown) => {
        let replied = false;
        const reply: Reply = (response) => {
          replied = true;
          if (typeof ack === 'function') (ack as Reply)(response);
        };
        if (!spend(socket, budget, event, reply)) return;
        const { userId: me, jti } = socket.data;
        const otherId = stateOf?.(payload);
        const round = readViewerRound(ctx, {
          jti,
          userId: me,
          otherId,
          // Never for oneself: a send to oneself is refused before it counts.
          takes: otherId === me ? undefined : takes,
        });
        const viewer = currentViewer(socket, round);
        const other = round.then(({ other, chatVersions, otherOnline, limit }) => ({
          other,
          chatVersions,
          otherOnline,
          limit,
        }));
        viewer.catch(() => undefined);
        other.catch(() => undefined);
        try {
          await handler({ viewer, payload, reply, other });
          if (!replied) reply(SOCKET_HANDLED);
        } catch (error) {
          // The kit's one error body; an unexpected error's ack carries an id under which the log has it.
          const answer = toErrorBody(error, randomUUID());
          if (answer.logAsError)
            log.warn({ err: error, event, requestId: answer.body.requestId }, 'socket event failed');
          reply(answer.body);
        }
      });
    };
    // Events nobody handles cost the budget too (a flood of unknown names is still a flood), and an acknowledgement
    // hears "not found", as an unknown route does: a client waiting on it is not left waiting.
    socket.use(([event, ...args], next) => {
      if (handled.has(event)) return next();
      const ack = args.at(-1);
      const reply: Reply = typeof ack === 'function' ? (ack as Reply) : () => undefined;
      if (spend(socket, budget, event, reply)) reply(toErrorBody(new NotFoundError(MSG.notFound)).body);
    });

    void (async () => {
      if (await ctx.presence.connected(userId, socket.id)) await broadcastPresence(userId);
      socket.emit('unread:count', { count: await countUnread(ctx, userId) });
    })().catch((error: unknown) => log.warn({ err: error }, 'socket setup failed'));

    on(
      'message:send',
      async ({ viewer, payload, reply, other }) => {
        const started = performance.now();
        const parsed = SocketMessageSendSchema.safeParse(payload);
        if (!parsed.success) {
          // The round took a point for a send that never was: given back (an invalid payload does not count).
          if ((await other.catch(() => undefined))?.limit === null)
            await ctx.sendLimiter.reward(userId).catch(() => undefined);
          throw parsed.error;
        }
        const input = parsed.data;
        // The sender's current state is read with the send's own checks, not before them: one round trip less.
        // A restricted sender may read but not send (issue 26).
        const senderCheck = viewer.then((who) => {
          if (who.sanction?.type === 'restrict') throw sanctionedError(who.sanction);
        });
        // The receiver's state, presence and both chat-state versions came with the guard's read when the payload named
        // exactly this receiver.
        const read = receiverIdOf(payload) === input.receiverId;
        const result = await sendMessage(ctx, {
          sender: { id: userId },
          input,
          senderCheck,
          ...(read && {
            receiverState: other.then((round) => round.other ?? null),
            chatVersions: other.then((round) => round.chatVersions),
            receiverOnline: other.then((round) => round.otherOnline),
            limit: other.then((round) => round.limit),
          }),
        });
        markSendStage('socket send', started);
        reply(result.message);
      },
      receiverIdOf,
      ctx.sendLimiter,
    );

    on('conversation:read', async ({ viewer, payload, reply }) => {
      const input = ConversationReadSchema.parse(payload);
      reply(await markConversationRead(ctx, { viewer: await viewer, otherUserId: input.with }));
    });

    /** The sender's "typing" indicator at `to` ends (isTyping:false or the expiry): said only across no block. */
    const stopTyping = async (to: string) => {
      clearTimeout(typingTimers.get(to));
      typingTimers.delete(to);
      if (await mayTypeTo(userId, to)) ctx.live.emit([to], 'typing', { from: userId, isTyping: false });
    };
    const expireTyping = (to: string) =>
      setTimeout(() => {
        stopTyping(to).catch((error: unknown) => log.warn({ err: error }, 'typing expiry failed'));
      }, TYPING_EXPIRES_MS);

    /**
     * "Typing" reaches `to` at most once per throttle window per pair (a Redis key, so the sender's other sockets
     * and replicas share it), and only a partner across no block. isTyping:false and the expiry end an indicator
     * this socket started, leave the throttle alone and check the block again. A refresh within the window
     * keeps the indicator alive (its expiry moves) without telling `to` again.
     */
    on('typing', async ({ viewer, payload }) => {
      const parsed = TypingSchema.safeParse(payload);
      if (!parsed.success || parsed.data.to === userId) return;
      const { to, isTyping } = parsed.data;
      await viewer;
      const showing = typingTimers.has(to);
      if (!isTyping) {
        if (showing) await stopTyping(to);
        return;
      }
      if (showing) {
        clearTimeout(typingTimers.get(to));
        typingTimers.set(to, expireTyping(to));
      }
      const throttle = `${ctx.keyPrefix}typing:${userId}:${to}`;
      if ((await ctx.redis.set(throttle, '1', 'PX', typingThrottleMs, 'NX')) !== 'OK') return;
      if (!(await mayTypeTo(userId, to))) {
        clearTimeout(typingTimers.get(to));
        typingTimers.delete(to);
        return;
      }
      clearTimeout(typingTimers.get(to));
      typingTimers.set(to, expireTyping(to));
      ctx.live.emit([to], 'typing', { from: userId, isTyping: true });
    });

    socket.on('disconnect', () => {
      for (const timer of typingTimers.values()) clearTimeout(timer);
      const update = (async () => {
        await ctx.connectionSlots.release(userId, socket.id);
        if (await ctx.presence.disconnected(userId, socket.id)) await broadcastPresence(userId);
      })().catch((error: unknown) => log.warn({ err: error }, 'presence update failed'));
      presenceUpdates.add(update);
      void update.finally(() => presenceUpdates.delete(update));
    });
  });

  /**
   * Closes this replica's sockets whose token is revoked (the kit's denylist decides) or expired: all of them, or
   * only those of one token (a logout was just heard). Closed by the server, so the session is not kept for
   * recovery and the client does not reconnect by itself.
   */
  async function closeRevoked(onlyJti?: string): Promise<void> {
    const sockets = [...io.of('/').sockets.values()].filter(
      (socket) => onlyJti === undefined || socket.data.jti === onlyJti,
    );
    const jtis = [...new Set(sockets.map((socket) => socket.data.jti))];
    const revoked = new Set<string>();
    // One MGET per thousand tokens, not one EXISTS per token: every replica runs this every 30 s over all its
    // sockets, as many commands as its sends in a minute otherwise (bench/chat).
    for (let i = 0; i < jtis.length; i += REVOCATION_CHECK_BATCH) {
      const batch = jtis.slice(i, i + REVOCATION_CHECK_BATCH);
      const values = await ctx.redis.mget(batch.map((jti) => ctx.tokens.denylistKey(jti)));
      values.forEach((value, j) => {
        if (value !== null) revoked.add(batch[j]!);
      });
    }
    const now = Date.now();
    for (const socket of sockets) {
      const reason = revoked.has(socket.data.jti)
        ? 'token revoked'
        : socket.data.tokenExpiresAt <= now
          ? 'token expired'
          : undefined;
      if (!reason) continue;
      log.info({ reason, userId: socket.data.userId, socketId: socket.id }, 'socket closed');
      socket.disconnect(true);
    }
  }
  const checkRevoked = (onlyJti?: string) => {
    closeRevoked(onlyJti).catch((error: unknown) => log.warn({ err: error }, 'revocation check failed'));
  };
  /** A user's sessions ended as a whole (a suspension): their sockets here close when their state says so. */
  async function closeSuspended(userId: string): Promise<void> {
    const sockets = [...io.of('/').sockets.values()].filter((socket) => socket.data.userId === userId);
    if (sockets.length === 0) return;
    const state = await ctx.userState.get(userId);
    const suspended =
      !state || (state.sanction?.type === 'suspend' && sanctionInForce(state.sanction, ctx.now()));
    if (!suspended) return;
    for (const socket of sockets) {
      log.info({ reason: 'user suspended', userId, socketId: socket.id }, 'socket closed');
      socket.disconnect(true);
    }
  }
  const revocations = ctx.tokens.watchRevocations({
    onRevoked: (jti) => checkRevoked(jti),
    onUserRevoked: (userId) => {
      closeSuspended(userId).catch((error: unknown) => log.warn({ err: error }, 'suspension check failed'));
    },
    onResync: () => checkRevoked(),
  });
  revocations.ready.catch((error: unknown) => log.warn({ err: error }, 'revocation watch failed'));
  const revocationCheck = setInterval(() => checkRevoked(), options.revocationCheckMs ?? 30_000);
  revocationCheck.unref();

  const refresher = setInterval(() => {
    const sockets = [...io.of('/').sockets.values()].map((socket) => ({
      userId: socket.data.userId,
      socketId: socket.id,
    }));
    ctx.presence
      .refresh(sockets)
      .catch((error: unknown) => log.warn({ err: error }, 'presence refresh failed'));
    ctx.connectionSlots
      .refresh(sockets)
      .catch((error: unknown) => log.warn({ err: error }, 'connection slots refresh failed'));
  }, options.presenceRefreshMs ?? 30_000);
  refresher.unref();

  return {
    io,
    ready: revocations.ready.catch(() => undefined),
    async close() {
      clearInterval(refresher);
      clearInterval(revocationCheck);
      await revocations.close();
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      // io.close() disconnected every socket; their presence updates started then.
      await Promise.all([...presenceUpdates]);
    },
  };
}
