import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import type { Redis } from 'ioredis';
import { ROLES, type Role } from '@nomadswap/contracts/enums';
import { MSG } from '@nomadswap/contracts/messages';
import { sanctionInForce, type CurrentSanction } from '@nomadswap/contracts/sanctions';
import { ForbiddenError, UnauthorizedError } from './errors';

/** Who is calling, as every route sees it: identity from the token, role and approval from the current state. */
export interface AuthUser {
  id: string;
  role: Role;
  isApproved: boolean;
  jti: string;
  tokenExpiresAt: Date;
  /** The restriction in force (issue 26); a suspended caller never gets this far. */
  sanction: CurrentSanction | null;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `authenticate` when a valid token came with the request. */
      user?: AuthUser;
    }
  }
}

const ALGORITHM = 'HS256';
const DEFAULT_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenServiceOptions {
  /** HMAC secret, at least 32 characters (config enforces it). */
  secret: string;
  issuer: string;
  audience: string;
  /** Lifetime of signed tokens; only the auth service signs. Default 7 days. */
  ttlSeconds?: number;
  /** Holds the denylist of revoked token ids. */
  redis: Redis;
  /** Prefix for Redis keys (tests isolate themselves with it). Default none. */
  keyPrefix?: string;
  /** The clock of issue and expiry (a test sets it instead of waiting for a token to expire). */
  now?: () => Date;
}

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface VerifiedToken {
  sub: string;
  role: Role;
  jti: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface TokenService {
  /** Signs an HS256 JWT with `sub`, `role`, `iss`, `aud`, `iat`, `exp` and a fresh `jti`. */
  sign(claims: { sub: string; role: Role }): Promise<SignedToken>;
  /**
   * Verifies signature (HS256 only), issuer, audience and expiry, and refuses revoked tokens.
   * Throws UnauthorizedError 'Invalid or expired token' (code INVALID_TOKEN) for any of these.
   */
  verify(token: string): Promise<VerifiedToken>;
  /**
   * Denies `jti` until `expiresAt` (after which the token is refused for being expired anyway), and tells the
   * watchers of revocations (the sockets opened with that token close).
   */
  revoke(jti: string, expiresAt: Date): Promise<void>;
  isRevoked(jti: string): Promise<boolean>;
  /** The denylist key of `jti` (it exists while revoked), for a caller that reads it in a script with other keys. */
  denylistKey(jti: string): string;
  /**
   * Hears every revocation as it happens (Redis pub/sub on its own connection). Pub/sub is at-most-once: a watcher
   * whose connection was down misses what was published meanwhile, so `onResync` is called after each reconnect
   * for the watcher to check what it holds against the denylist (which stays the one that decides).
   */
  watchRevocations(handlers: {
    onRevoked(jti: string): void;
    /** A user's sessions were ended as a whole (a suspension): their sockets re-check the user's state. */
    onUserRevoked?(userId: string): void;
    onResync?(): void;
  }): RevocationWatch;
  /**
   * Tells the watchers of revocations that every session of `userId` ended (issue 26, suspension): the requests
   * are refused by the user's state already; this closes their open sockets at once, on the logout path.
   */
  revokeUser(userId: string): Promise<void>;
}

export interface RevocationWatch {
  /** Resolves once the subscription is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** The 401 for every token we do not accept — deliberately the same answer whatever the reason. */
export function invalidTokenError(cause?: unknown): UnauthorizedError {
  return new UnauthorizedError(MSG.invalidToken, { code: 'INVALID_TOKEN', cause });
}

/** A revocation message naming a user rather than a token id (jtis are uuids, never starting with this). */
const USER_REVOKED_PREFIX = 'user:';

/** JWTs with `jose`, algorithm pinned to HS256, and a Redis denylist of revoked `jti`s. */
export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  const denyKey = (jti: string) => `${options.keyPrefix ?? ''}jwt:denylist:${jti}`;
  const revokedChannel = `${options.keyPrefix ?? ''}jwt:revoked`;

  const isRevoked = async (jti: string) => (await options.redis.exists(denyKey(jti))) === 1;
  const now = options.now ?? (() => new Date());

  return {
    async sign({ sub, role }) {
      const jti = randomUUID();
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + ttlSeconds;
      const token = await new SignJWT({ role })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .setJti(jti)
        .sign(key);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },

    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
          currentDate: now(),
        }));
      } catch (error) {
        throw invalidTokenError(error);
      }
      const role = (ROLES as readonly unknown[]).includes(payload.role) ? (payload.role as Role) : undefined;
      if (!payload.sub || !payload.jti || !payload.exp || !payload.iat || !role) throw invalidTokenError();
      if (await isRevoked(payload.jti)) throw invalidTokenError();
      return {
        sub: payload.sub,
        role,
        jti: payload.jti,
        issuedAt: new Date(payload.iat * 1000),
        expiresAt: new Date(payload.exp * 1000),
      };
    },

    async revoke(jti, expiresAt) {
      const ttlMs = expiresAt.getTime() - Date.now();
      if (ttlMs <= 0) return;
      await options.redis.multi().set(denyKey(jti), '1', 'PX', ttlMs).publish(revokedChannel, jti).exec();
    },

    isRevoked,
    denylistKey: denyKey,

    async revokeUser(userId) {
      await options.redis.publish(revokedChannel, `${USER_REVOKED_PREFIX}${userId}`);
    },

    watchRevocations({ onRevoked, onUserRevoked, onResync }) {
      const subscriber = options.redis.duplicate();
      let subscribedOnce = false;
      subscriber.on('message', (channel: string, message: string) => {
        if (channel !== revokedChannel) return;
        if (message.startsWith(USER_REVOKED_PREFIX))
          onUserRevoked?.(message.slice(USER_REVOKED_PREFIX.length));
        else onRevoked(message);
      });
      // ioredis subscribes again by itself after a reconnect; what was published while it was away is lost.
      subscriber.on('ready', () => {
        if (subscribedOnce) onResync?.();
      });
      const ready = subscriber.subscribe(revokedChannel).then(() => {
        subscribedOnce = true;
      });
      ready.catch(() => undefined);
      return {
        ready,
        async close() {
          await subscriber.quit().catch(() => subscriber.disconnect());
        },
      };
    },
  };
}

/** What the other services need to know about a user on every request (role, approval), kept current in Redis. */
export interface UserState {
  role: Role;
  isApproved: boolean;
  /**
   * The user's latest restriction or suspension (issue 26), null without one; it may have ended by itself since
   * (compare `endsAt` with the clock: {@link sanctionInForce}). Left unchanged by a `set` without it.
   */
  sanction?: CurrentSanction | null;
}

/**
 * The `userstate:{id}` hashes. The auth service is the only writer: it sets the state on register, approval
 * and role change, deletes it when the user is deleted, and should re-seed every user on start (Redis may have
 * lost data). Every service reads it in `authenticate`, so a change applies on the very next request.
 */
export interface UserStateStore {
  get(userId: string): Promise<UserState | null>;
  /** The hash `get` reads, for a caller that reads it in a script with other keys (then `userStateFromHash`). */
  keyOf(userId: string): string;
  set(userId: string, state: UserState): Promise<void>;
  delete(userId: string): Promise<void>;
}

const SANCTION_FIELDS = ['sanctionId', 'sanctionType', 'sanctionReason', 'sanctionEndsAt'] as const;

function sanctionFromHash(hash: Record<string, string>): CurrentSanction | null {
  const type = hash.sanctionType;
  if (!hash.sanctionId || (type !== 'restrict' && type !== 'suspend')) return null;
  return {
    id: hash.sanctionId,
    type,
    reason: hash.sanctionReason ?? '',
    endsAt: hash.sanctionEndsAt ? hash.sanctionEndsAt : null,
  };
}

/** The 403 of a suspended (ACCOUNT_SUSPENDED) or restricted (ACCOUNT_RESTRICTED) caller, saying why and until when. */
export function sanctionedError(sanction: CurrentSanction): ForbiddenError {
  if (sanction.type === 'suspend') {
    return new ForbiddenError(MSG.accountSuspended, {
      code: 'ACCOUNT_SUSPENDED',
      sanction: { type: 'suspend', reason: sanction.reason, endsAt: sanction.endsAt },
    });
  }
  return new ForbiddenError(MSG.accountRestricted, {
    code: 'ACCOUNT_RESTRICTED',
    sanction: { type: 'restrict', endsAt: sanction.endsAt },
  });
}

/**
 * The user's sanction in force at `now`: a suspension throws its 403, a restriction is returned (routes that list,
 * message or request swaps refuse it), anything ended or absent is null.
 */
export function sanctionInForceOrThrow(state: UserState, now: Date): CurrentSanction | null {
  const sanction = state.sanction ?? null;
  if (!sanction || !sanctionInForce(sanction, now)) return null;
  if (sanction.type === 'suspend') throw sanctionedError(sanction);
  return sanction;
}

/** A user's state from its stored hash (HGETALL of `keyOf`); null when there is none (deleted or unknown). */
export function userStateFromHash(hash: Record<string, string>): UserState | null {
  const role = hash.role as Role | undefined;
  if (!role || !ROLES.includes(role)) return null;
  const sanction = sanctionFromHash(hash);
  return sanction
    ? { role, isApproved: hash.isApproved === '1', sanction }
    : { role, isApproved: hash.isApproved === '1' };
}

export function createUserStateStore(options: { redis: Redis; keyPrefix?: string }): UserStateStore {
  const key = (userId: string) => `${options.keyPrefix ?? ''}userstate:${userId}`;
  return {
    async get(userId) {
      return userStateFromHash(await options.redis.hgetall(key(userId)));
    },
    keyOf: key,
    async set(userId, state) {
      const fields: Record<string, string> = { role: state.role, isApproved: state.isApproved ? '1' : '0' };
      if (state.sanction === null) {
        await options.redis
          .multi()
          .hset(key(userId), fields)
          .hdel(key(userId), ...SANCTION_FIELDS)
          .exec();
        return;
      }
      if (state.sanction) {
        Object.assign(fields, {
          sanctionId: state.sanction.id,
          sanctionType: state.sanction.type,
          sanctionReason: state.sanction.reason,
          sanctionEndsAt: state.sanction.endsAt ?? '',
        });
      }
      await options.redis.hset(key(userId), fields);
    },
    async delete(userId) {
      await options.redis.del(key(userId));
    },
  };
}

export interface AuthMiddleware {
  /**
   * Optional authentication: no `Authorization` header → anonymous (no `req.user`). A malformed header, a bad,
   * expired or revoked token, or a user whose state is gone (deleted) → 401 'Invalid or expired token'; a user
   * suspended now → 403 ACCOUNT_SUSPENDED (issue 26).
   */
  authenticate: RequestHandler;
  /** Token → current user, for callers outside express (e.g. the Socket.IO handshake). Throws the same 401. */
  userFromToken(token: string): Promise<AuthUser>;
  requireUser: RequestHandler;
  requireApproved: RequestHandler;
  requireAdmin: RequestHandler;
}

/** Builds `authenticate` from a token service and the user-state store; the guards are the exported ones. */
export function createAuthMiddleware(deps: {
  tokens: TokenService;
  userState: UserStateStore;
  /** The clock sanctions end by (a test sets it instead of waiting days). */
  now?: () => Date;
}): AuthMiddleware {
  const now = deps.now ?? (() => new Date());
  async function userFromToken(token: string): Promise<AuthUser> {
    const verified = await deps.tokens.verify(token);
    const state = await deps.userState.get(verified.sub);
    if (!state) throw invalidTokenError();
    return {
      id: verified.sub,
      role: state.role,
      isApproved: state.isApproved,
      jti: verified.jti,
      tokenExpiresAt: verified.expiresAt,
      sanction: sanctionInForceOrThrow(state, now()),
    };
  }

  const authenticate: RequestHandler = async (req, _res, next) => {
    const header = req.headers.authorization;
    if (header === undefined) {
      next();
      return;
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw invalidTokenError();
    req.user = await userFromToken(match[1]);
    next();
  };

  return { authenticate, userFromToken, requireUser, requireApproved, requireAdmin };
}

/**
 * The signed-in caller of a route behind `requireUser`, `requireApproved` or `requireAdmin` (instead of
 * `req.user!`); 401 'Authentication Required' if a route without a guard asks and nobody is signed in.
 */
export function signedInUser(req: Request): AuthUser {
  if (!req.user) throw new UnauthorizedError(MSG.authRequired);
  return req.user;
}
const currentUser = signedInUser;

/** 401 'Authentication Required' unless `authenticate` found a user. */
export const requireUser: RequestHandler = (req, _res, next) => {
  currentUser(req);
  next();
};

/** Like requireUser, then 403 'Approval Required' (code NOT_APPROVED) for unapproved users; admins pass. */
export const requireApproved: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (!user.isApproved && user.role !== 'admin') {
    throw new ForbiddenError(MSG.approvalRequired, { code: 'NOT_APPROVED' });
  }
  next();
};

/**
 * After requireApproved on the routes that list, message or request swaps: 403 ACCOUNT_RESTRICTED (with the end
 * date) for a user restricted now (issue 26).
 */
export const requireUnrestricted: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (user.sanction?.type === 'restrict') throw sanctionedError(user.sanction);
  next();
};

/** Like requireUser, then 403 'Admin Access Required' for anyone but admins. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (user.role !== 'admin') throw new ForbiddenError(MSG.adminRequired);
  next();
};
