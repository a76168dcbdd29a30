import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { createTestStores, deadRedisUrl, type TestStores } from '@nomadswap/service-kit/testing';
import { createListingCache } from './listing-cache';

let stores: TestStores;
beforeAll(async () => {
  stores = await createTestStores({ service: 'items' });
});
afterAll(() => stores.close());

const counter = () => {
  let loads = 0;
  const load = async () => {
    loads += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { loads };
  };
  return { load, count: () => loads };
};

describe('listing cache', () => {
  it('shares one load between concurrent misses and serves it until the generation changes', async () => {
    const cache = createListingCache({ redis: stores.redis, keyPrefix: stores.keyPrefix });
    const { load, count } = counter();
    const generation = await cache.generation();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => cache.getOrLoad('page', generation, load)),
    );
    expect(count()).toBe(1);
    expect(new Set(results).size).toBe(1);
    await cache.getOrLoad('page', generation, load);
    expect(count()).toBe(1);
    await cache.getOrLoad('other page', generation, load);
    expect(count()).toBe(2);
  });

  it('misses after another replica invalidates, through the shared generation', async () => {
    const mine = createListingCache({ redis: stores.redis, keyPrefix: stores.keyPrefix });
    const theirs = createListingCache({ redis: stores.redis, keyPrefix: stores.keyPrefix });
    const { load, count } = counter();
    await mine.getOrLoad('page', await mine.generation(), load);
    await theirs.invalidate();
    await mine.getOrLoad('page', await mine.generation(), load);
    expect(count()).toBe(2);
  });

  it('expires entries after maxAgeMs even without a new generation', async () => {
    const cache = createListingCache({ redis: stores.redis, keyPrefix: stores.keyPrefix, maxAgeMs: 30 });
    const { load, count } = counter();
    await cache.getOrLoad('page', await cache.generation(), load);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.getOrLoad('page', await cache.generation(), load);
    expect(count()).toBe(2);
  });

  it('reads through, caching nothing, when Redis cannot give the generation', async () => {
    const dead = createRedis(await deadRedisUrl(), { name: 'items-dead' });
    try {
      const cache = createListingCache({ redis: dead, keyPrefix: stores.keyPrefix });
      const { load, count } = counter();
      for (let i = 0; i < 2; i++) await cache.getOrLoad('page', await cache.generation(), load);
      expect(count()).toBe(2);
    } finally {
      await closeRedis(dead);
    }
  });
});
