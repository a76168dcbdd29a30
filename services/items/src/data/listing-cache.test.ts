import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { createTestStores, deadRedisUrl, type TestStores } from '@nomadswap/service-kit/testing';
import { itemModel } from './item';
import { createListingCache } from './listing-cache';
import { ownerModel } from './owner';

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

  it('serves an entry for maxAgeMs and loads again one millisecond later, even without a new generation', async () => {
    let time = 1_000_000;
    const cache = createListingCache({
      redis: stores.redis,
      keyPrefix: stores.keyPrefix,
      maxAgeMs: 30_000,
      now: () => time,
    });
    const { load, count } = counter();
    await cache.getOrLoad('page', await cache.generation(), load);
    time += 30_000;
    await cache.getOrLoad('page', await cache.generation(), load);
    expect(count()).toBe(1);
    time += 1;
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

describe('writes invalidate the listing cache of their connection', () => {
  it('a write through the item or owner model that changed something starts a new generation', async () => {
    const cache = createListingCache({
      redis: stores.redis,
      connection: stores.mongo,
      keyPrefix: `${stores.keyPrefix}writes:`,
    });
    const items = itemModel(stores.mongo);
    const owners = ownerModel(stores.mongo);
    const userId = new mongoose.Types.ObjectId();
    const before = await cache.generation();

    const item = await items.create({
      title: 'Tent',
      description: 'Two people, light.',
      category: 'Travel Gear',
      condition: 'good',
      location: 'Lisbon, Portugal',
      userId,
      photos: [],
    });
    const afterCreate = await cache.generation();
    expect(afterCreate).not.toBe(before);

    await items.updateOne({ _id: new mongoose.Types.ObjectId() }, { $set: { title: 'nothing matched' } });
    expect(await cache.generation()).toBe(afterCreate);

    await items.updateOne({ _id: item._id }, { $set: { title: 'Tent for two' } });
    const afterUpdate = await cache.generation();
    expect(afterUpdate).not.toBe(afterCreate);

    await owners.updateOne({ _id: userId }, { $set: { username: 'mei', version: 1 } }, { upsert: true });
    const afterOwner = await cache.generation();
    expect(afterOwner).not.toBe(afterUpdate);

    await items.deleteOne({ _id: item._id });
    expect(await cache.generation()).not.toBe(afterOwner);
  });
});
