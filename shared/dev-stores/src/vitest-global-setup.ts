import type { TestProject } from 'vitest/node';
import { ensureRedis } from './redis-server';

import './vitest-context';

/**
 * Global setup for integration tests: one private Redis (or REDIS_URL) and one embedded MongoDB engine (or
 * MONGO_URL) per test run. Tests read them with `inject('redisUrl')` / `inject('mongoUrl')` and isolate
 * themselves with unique database names, key prefixes and stream names.
 */
export default async function setup(project: TestProject) {
  const redis = await ensureRedis({ log: () => {} });
  project.provide('redisUrl', redis.url);
  let stopMongo = async () => {};
  try {
    let mongoUrl = process.env.MONGO_URL;
    if (!mongoUrl) {
      const { startEmbeddedMongo } = await import('@nomadswap/embedded-mongo');
      const mongo = await startEmbeddedMongo({ port: 0 });
      mongoUrl = mongo.uri;
      stopMongo = () => mongo.stop();
    }
    project.provide('mongoUrl', mongoUrl);
  } catch (error) {
    await redis.stop();
    throw error;
  }
  return async () => {
    await stopMongo();
    await redis.stop();
  };
}
