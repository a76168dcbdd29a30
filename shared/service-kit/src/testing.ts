import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import type { Role } from '@nomadswap/contracts/enums';
import {
  createAuthMiddleware,
  createTokenService,
  createUserStateStore,
  type AuthMiddleware,
  type TokenService,
  type UserStateStore,
} from './auth';
import { createEventBus, type EventBus, type EventBusOptions } from './events';
import { createLogger } from './logger';
import { connectMongo } from './mongo';
import { closeRedis, createRedis } from './redis';

declare module 'vitest' {
  /** Provided by the dev-stores global setup (shared/dev-stores/src/vitest-global-setup.ts). */
  export interface ProvidedContext {
    redisUrl: string;
    mongoUrl: string;
  }
}

/**
 * Test helpers for integration tests against the run's real stores (dev-stores' vitest global setup):
 * every call gets its own database, stream and Redis key prefix, and removes them on close().
 */
export interface TestStores {
  mongoUrl: string;
  redisUrl: string;
  dbName: string;
  stream: string;
  keyPrefix: string;
  jwt: { secret: string; issuer: string; audience: string };
  /** Silent unless TEST_LOG_LEVEL is set. */
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  tokens: TokenService;
  userState: UserStateStore;
  auth: AuthMiddleware;
  /** A bus on this test's stream; the caller starts and stops it. */
  createBus(service: string, overrides?: Partial<EventBusOptions>): EventBus;
  /** A fresh user id whose state is seeded in Redis, with a valid token for it. */
  signIn(user?: { id?: string; role?: Role; isApproved?: boolean }): Promise<TestSession>;
  /** Drops the database, deletes the stream and every key under the prefix, closes connections. */
  close(): Promise<void>;
}

export interface TestSession {
  id: string;
  role: Role;
  isApproved: boolean;
  token: string;
  jti: string;
  /** `{ Authorization: 'Bearer …' }`, ready for supertest's `.set()`. */
  headers: { Authorization: string };
}

/** A new ObjectId as the API shows it. */
export function newId(): string {
  return new mongoose.Types.ObjectId().toHexString();
}

export async function createTestStores(options: { service: string }): Promise<TestStores> {
  const suffix = randomBytes(4).toString('hex');
  const mongoUrl = inject('mongoUrl');
  const redisUrl = inject('redisUrl');
  const dbName = `test_${options.service}_${suffix}`;
  const stream = `test:${options.service}:${suffix}:events`;
  const keyPrefix = `test:${options.service}:${suffix}:`;
  const jwt = { secret: randomBytes(32).toString('hex'), issuer: 'nomadswap', audience: 'nomadswap-web' };
  const logger = createLogger(
    options.service,
    (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent',
  );

  const mongo = await connectMongo({ url: mongoUrl, dbName, logger });
  const redis = createRedis(redisUrl, { name: `test-${options.service}`, logger });
  const tokens = createTokenService({ ...jwt, redis, keyPrefix });
  const userState = createUserStateStore({ redis, keyPrefix });
  const auth = createAuthMiddleware({ tokens, userState });

  return {
    mongoUrl,
    redisUrl,
    dbName,
    stream,
    keyPrefix,
    jwt,
    logger,
    mongo,
    redis,
    tokens,
    userState,
    auth,
    createBus: (service, overrides = {}) => createEventBus({ redis, stream, service, logger, ...overrides }),
    async signIn(user = {}) {
      const id = user.id ?? newId();
      const role = user.role ?? 'user';
      const isApproved = user.isApproved ?? true;
      await userState.set(id, { role, isApproved });
      const signed = await tokens.sign({ sub: id, role });
      return {
        id,
        role,
        isApproved,
        token: signed.token,
        jti: signed.jti,
        headers: { Authorization: `Bearer ${signed.token}` },
      };
    },
    async close() {
      await mongo.dropDatabase().catch(() => undefined);
      await mongo.close();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      await closeRedis(redis);
    },
  };
}
