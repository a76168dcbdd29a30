import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { Redis } from '@nomadswap/service-kit/redis';

/** What the moderation app needs; server.ts passes the real connections, tests their own. */
export interface ModerationAppDeps {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
}

/** Builds the moderation service's express app (no listening). */
export function buildApp(deps: ModerationAppDeps): Express {
  return createServiceApp({
    name: 'moderation',
    logger: deps.logger,
    health: { mongo: deps.mongo, redis: deps.redis },
  });
}
