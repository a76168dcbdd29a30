import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import type { Redis } from 'ioredis';
import { ROLES, type Role } from '@nomadswap/contracts/enums';
import { MSG } from '@nomadswap/contracts/messages';
import { ForbiddenError, UnauthorizedError } from './errors';

/** Who is calling, as every route sees it: identity from the token, role and approval from the current state. */
export interface AuthUser {
  id: string;
  role: Role;
  isApproved: boolean;
  jti: string;
  tokenExpiresAt: Date;
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
  /**
   * Hears every revocation as it happens (Redis pub/sub on its own connection). Pub/sub is at-most-once: a watcher
   * whose connection was down misses what was published meanwhile, so `onResync` is called after each reconnect
   * for the watcher to check what it holds against the denylist (which stays the one that decides).
   */
  watchRevocations(handlers: { onRevoked(jti: string): void; onResync?(): void }): RevocationWatch;
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

    watchRevocations({ onRevoked, onResync }) {
      const subscriber = options.redis.duplicate();
      let subscribedOnce = false;
      subscriber.on('message', (channel: string, jti: string) => {
        if (channel === revokedChannel) onRevoked(jti);
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
}

/**
 * The `userstate:{id}` hashes. The auth service is the only writer: it sets the state on register, approval
 * and role change, deletes it when the user is deleted, and should re-seed every user on start (Redis may have
 * lost data). Every service reads it in `authenticate`, so a change applies on the very next request.
 */
export interface UserStateStore {
  get(userId: string): Promise<UserState | null>;
  set(userId: string, state: UserState): Promise<void>;
  delete(userId: string): Promise<void>;
}

export function createUserStateStore(options: { redis: Redis; keyPrefix?: string }): UserStateStore {
  const key = (userId: string) => `${options.keyPrefix ?? ''}userstate:${userId}`;
  return {
    async get(userId) {
      const hash = await options.redis.hgetall(key(userId));
      const role = hash.role as Role | undefined;
      if (!role || !ROLES.includes(role)) return null;
      return { role, isApproved: hash.isApproved === '1' };
    },
    async set(userId, state) {
      await options.redis.hset(key(userId), { role: state.role, isApproved: state.isApproved ? '1' : '0' });
    },
    async delete(userId) {
      await options.redis.del(key(userId));
    },
  };
}

export interface AuthMiddleware {
  /**
   * Optional authentication: no `Authorization` header → anonymous (no `req.user`). A malformed header, a bad,
   * expired or revoked token, or a user whose state is gone (deleted) → 401 'Invalid or expired token'.
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
}): AuthMiddleware {
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

/** Like requireUser, then 403 'Admin Access Required' for anyone but admins. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (user.role !== 'admin') throw new ForbiddenError(MSG.adminRequired);
  next();
};
