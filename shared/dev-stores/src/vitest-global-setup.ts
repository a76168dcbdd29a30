import type { TestProject } from 'vitest/node';
import { ensureRedis } from './redis-server';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    mongoUrl: string;
  }
}

/**
 * Global setup for integration tests: one private Redis (or REDIS_URL) and one embedded MongoDB engine (or
 * MONGO_URL) per test run. Tests read them with `inject('redisUrl')` / `inject('mongoUrl')` and isolate
 * themselves with unique database names, key prefixes and stream names.
 */
export default async function setup(project: TestProject) {
  const redis = await ensureRedis({ log: () => {} });
  let stopMongo = async () => {};
  let mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) {
    const { startEmbeddedMongo } = await import('@nomadswap/embedded-mongo');
    const mongo = await startEmbeddedMongo({ port: 0 });
    mongoUrl = mongo.uri;
    stopMongo = () => mongo.stop();
  }
  project.provide('redisUrl', redis.url);
  project.provide('mongoUrl', mongoUrl);
  return async () => {
    await stopMongo();
    await redis.stop();
  };
}
