import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { AuthMiddleware, TokenService, UserStateStore } from '@nomadswap/service-kit/auth';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { Logger } from '@nomadswap/service-kit/logger';
import { createRateLimiter, type RateLimiter } from '@nomadswap/service-kit/rate-limit';
import type { Redis } from '@nomadswap/service-kit/redis';
import { createAvatarFiles, type AvatarFiles } from './data/avatar-files';
import { createSanctions, type Sanctions } from './data/sanctions';
import { createUsers, type Users } from './data/users';
import { prepareDummyHash } from './domain/hash-password';
import { registerUserEventBuilders } from './events/publish-user-events';
import { createAuthQueues, type AuthQueues } from './jobs/queues';

/** What the API and the worker processes both use: the repositories and the event bus (publishing only). */
export interface AuthCore {
  logger: Logger;
  mongo: Connection;
  bus: EventBus;
  users: Users;
  sanctions: Sanctions;
  avatarFiles: AvatarFiles;
  /** The clock stays are checked against (tests set it). */
  now: () => Date;
}

export interface AuthSettings {
  /** How long register/avatar requests wait for the avatar job (0: do not wait). */
  avatarWaitMs: number;
  registerLimitPerHour: number;
  /** Failed logins per e-mail and client IP per window. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Failed logins per e-mail from any IP per hour (guesses spread over many addresses). */
  loginAccountMaxFailures: number;
  /** Failed logins per client IP over any e-mail per window (credential stuffing). */
  loginAddressMaxFailures: number;
  /** Failed logins per device cookie per window (a trusted device's own limit, instead of the account's). */
  loginDeviceMaxFailures: number;
  /** HMAC key of the device cookies (config: derived from JWT_SECRET); a random one per process by default. */
  deviceCookieKey: string;
  /** Device cookies only over HTTPS (production). */
  secureCookies: boolean;
  /** express `trust proxy`: who may state the client IP the limits are keyed by. */
  trustProxy: string | number;
  /** The web app's public address, linked from e-mails when set (config PUBLIC_URL). */
  publicUrl?: string;
}

export const DEFAULT_SETTINGS: AuthSettings = {
  avatarWaitMs: 5_000,
  registerLimitPerHour: 10,
  loginMaxFailures: 10,
  loginWindowSeconds: 15 * 60,
  loginAccountMaxFailures: 20,
  loginAddressMaxFailures: 50,
  loginDeviceMaxFailures: 10,
  deviceCookieKey: randomBytes(32).toString('base64url'),
  secureCookies: false,
  trustProxy: 'loopback',
};

/** Everything the API's use-cases need. */
export interface AuthContext extends AuthCore {
  redis: Redis;
  tokens: TokenService;
  userState: UserStateStore;
  auth: AuthMiddleware;
  queues: AuthQueues;
  limits: {
    login: RateLimiter;
    loginAccount: RateLimiter;
    loginAddress: RateLimiter;
    loginDevice: RateLimiter;
    register: RateLimiter;
  };
  settings: AuthSettings;
  /** Prefix of this service's Redis keys (empty in production; tests isolate themselves with one). */
  keyPrefix: string;
  /** The clock sanctions start and end by (tests move it instead of waiting days). */
  now: () => Date;
}

export function createAuthCore(deps: {
  logger: Logger;
  mongo: Connection;
  bus: EventBus;
  now?: () => Date;
}): AuthCore {
  // Every auth process's relay can rebuild the user events whose process died before publishing them.
  registerUserEventBuilders(deps.bus);
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    users: createUsers(deps.mongo),
    sanctions: createSanctions(deps.mongo),
    avatarFiles: createAvatarFiles(deps.mongo),
  };
}

export interface CreateAuthContextOptions {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  redisUrl: string;
  bus: EventBus;
  tokens: TokenService;
  userState: UserStateStore;
  auth: AuthMiddleware;
  queuePrefix: string;
  keyPrefix?: string;
  settings?: Partial<AuthSettings>;
  now?: () => Date;
}

/**
 * Builds the API's context and waits until it can serve: unique indexes exist (so concurrent registrations
 * of one name collide in the database), the queues are connected and the dummy password hash is ready.
 */
export async function createAuthContext(options: CreateAuthContextOptions): Promise<AuthContext> {
  const keyPrefix = options.keyPrefix ?? '';
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const core = createAuthCore(options);
  const queues = createAuthQueues({
    redis: options.redis,
    redisUrl: options.redisUrl,
    prefix: options.queuePrefix,
    logger: options.logger,
  });
  try {
    await Promise.all([
      core.users.init(),
      core.sanctions.init(),
      core.avatarFiles.init(),
      queues.ready(),
      prepareDummyHash(),
    ]);
  } catch (error) {
    await queues.close();
    throw error;
  }
  return {
    ...core,
    redis: options.redis,
    tokens: options.tokens,
    userState: options.userState,
    auth: options.auth,
    queues,
    settings,
    keyPrefix,
    now: options.now ?? (() => new Date()),
    limits: {
      login: createRateLimiter({
        redis: options.redis,
        keyPrefix: `${keyPrefix}rl:auth:login`,
        points: settings.loginMaxFailures,
        durationSeconds: settings.loginWindowSeconds,
      }),
      loginAccount: createRateLimiter({
        redis: options.redis,
        keyPrefix: `${keyPrefix}rl:auth:login-account`,
        points: settings.loginAccountMaxFailures,
        durationSeconds: 3_600,
      }),
      loginAddress: createRateLimiter({
        redis: options.redis,
        keyPrefix: `${keyPrefix}rl:auth:login-address`,
        points: settings.loginAddressMaxFailures,
        durationSeconds: settings.loginWindowSeconds,
      }),
      loginDevice: createRateLimiter({
        redis: options.redis,
        keyPrefix: `${keyPrefix}rl:auth:login-device`,
        points: settings.loginDeviceMaxFailures,
        durationSeconds: settings.loginWindowSeconds,
      }),
      register: createRateLimiter({
        redis: options.redis,
        keyPrefix: `${keyPrefix}rl:auth:register`,
        points: settings.registerLimitPerHour,
        durationSeconds: 3_600,
      }),
    },
  };
}
