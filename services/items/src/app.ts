import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { BODY_LIMITS } from '@nomadswap/contracts/routes';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { Redis } from '@nomadswap/service-kit/redis';

/** What the items app needs; server.ts passes the real connections, tests their own. */
export interface ItemsAppDeps {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
}

/** Builds the items service's express app (no listening). */
export function buildApp(deps: ItemsAppDeps): Express {
  return createServiceApp({
    name: 'items',
    logger: deps.logger,
    // Items carry up to three photos as data URLs.
    bodyLimit: BODY_LIMITS.images,
    health: { mongo: deps.mongo, redis: deps.redis },
  });
}
