import type { TestProject } from 'vitest/node';
import { ensureRedis } from './redis-server';
import './vitest-context';

/** Global setup for test projects that need only Redis (the gateway): `inject('redisUrl')`. */
export default async function setup(project: TestProject) {
  const redis = await ensureRedis({ log: () => {} });
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
