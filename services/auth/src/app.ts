import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { BODY_LIMITS } from '@nomadswap/contracts/routes';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { Redis } from '@nomadswap/service-kit/redis';

/** What the auth app needs; server.ts passes the real connections, tests their own. */
export interface AuthAppDeps {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
}

/** Builds the auth service's express app (no listening). */
export function buildApp(deps: AuthAppDeps): Express {
  return createServiceApp({
    name: 'auth',
    logger: deps.logger,
    // Registration and avatar uploads carry image data URLs.
    bodyLimit: BODY_LIMITS.images,
    health: { mongo: deps.mongo, redis: deps.redis },
  });
}
