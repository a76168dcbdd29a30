import type { Connection, Model, MongooseQueryMiddleware, Query, Schema } from 'mongoose';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { Redis } from '@nomadswap/service-kit/redis';

/**
 * A per-process cache of browse results, validated on every read against a generation counter in Redis that
 * every write touching listings increments (items, photo states, owner summaries). A result is served only
 * while the generation it was computed at is still the current one, so every replica sees a change as soon as
 * the write that made it has answered. Entries also expire after `maxAgeMs`, which bounds staleness if an
 * increment ever failed. Per-viewer parts (favourites, photo visibility) are applied after the cache.
 *
 * Writes invalidate it themselves: the item and owner schemas carry `invalidatesListings`, so any write through
 * their models on the cache's connection bumps the generation once it has changed something. A write that goes
 * to the driver directly (the worker's hot path) calls `invalidateListings` in the same db module.
 */
export interface ListingCache {
  /** The current generation, or null when Redis cannot say (the caller then reads the database). */
  generation(): Promise<string | null>;
  /** Runs after every write that can change a listing or the stats (see `invalidatesListings`). */
  invalidate(): Promise<void>;
  /**
   * The cached value for `key` at `generation`, else `load()`'s, stored for the next callers. Concurrent misses
   * for the same key and generation share one load (right after a write, every request would miss at once).
   */
  getOrLoad<T>(key: string, generation: string | null, load: () => Promise<T>): Promise<T>;
}

/** A browse request never waits longer than this for the generation: without it, the database answers. */
const GENERATION_TIMEOUT_MS = 250;

interface Entry {
  generation: string;
  storedAt: number;
  value: unknown;
}

export interface ListingCacheOptions {
  redis: Redis;
  /** The connection whose item and owner writes invalidate this cache. */
  connection?: Connection;
  /** Prefix of the generation key (tests isolate themselves with one). */
  keyPrefix?: string;
  logger?: Logger;
  maxEntries?: number;
  maxAgeMs?: number;
  /** The clock of `maxAgeMs` (a test moves it instead of waiting). */
  now?: () => number;
}

export function createListingCache(options: ListingCacheOptions): ListingCache {
  const key = `${options.keyPrefix ?? ''}items:listing-generation`;
  const maxEntries = options.maxEntries ?? 200;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();

  function get<T>(cacheKey: string, generation: string): T | undefined {
    const entry = entries.get(cacheKey);
    if (!entry) return undefined;
    if (entry.generation !== generation || now() - entry.storedAt > maxAgeMs) {
      entries.delete(cacheKey);
      return undefined;
    }
    // Most recently used last, so the oldest is the first to go.
    entries.delete(cacheKey);
    entries.set(cacheKey, entry);
    return entry.value as T;
  }

  function set(cacheKey: string, generation: string, storedAt: number, value: unknown): void {
    entries.delete(cacheKey);
    entries.set(cacheKey, { generation, storedAt, value });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  const cache: ListingCache = {
    async generation() {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer from Redis')), GENERATION_TIMEOUT_MS);
        });
        return (await Promise.race([options.redis.get(key), timeout])) ?? '0';
      } catch (error) {
        options.logger?.warn({ err: error }, 'listing generation unavailable; reading the database');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },

    async invalidate() {
      try {
        await options.redis.incr(key);
      } catch (error) {
        // The write itself succeeded; cached listings of other replicas expire within maxAgeMs.
        options.logger?.error({ err: error }, 'cannot invalidate cached listings');
      }
      entries.clear();
    },

    async getOrLoad<T>(cacheKey: string, generation: string | null, load: () => Promise<T>): Promise<T> {
      if (generation === null) return load();
      const cached = get<T>(cacheKey, generation);
      if (cached !== undefined) return cached;
      const flightKey = `${generation} ${cacheKey}`;
      const inFlight = loading.get(flightKey);
      if (inFlight) return inFlight as Promise<T>;
      const startedAt = now();
      const promise = load()
        .then((value) => {
          set(cacheKey, generation, startedAt, value);
          return value;
        })
        .finally(() => loading.delete(flightKey));
      loading.set(flightKey, promise);
      return promise;
    },
  };
  if (options.connection) {
    const caches = cachesOf.get(options.connection) ?? new Set();
    caches.add(cache);
    cachesOf.set(options.connection, caches);
  }
  return cache;
}

const cachesOf = new WeakMap<Connection, Set<ListingCache>>();

/** Invalidates the listing caches of a connection; for writes that bypass the models' middleware. */
export async function invalidateListings(connection: Connection): Promise<void> {
  await Promise.all([...(cachesOf.get(connection) ?? [])].map((cache) => cache.invalidate()));
}

type WriteResult = {
  modifiedCount?: number;
  upsertedCount?: number;
  deletedCount?: number;
} | null;

/** Did this write change anything? (An update that matched nothing, or changed nothing, keeps the cache.) */
function changedSomething(result: unknown): boolean {
  if (result === null || result === undefined) return false;
  if (Array.isArray(result)) return result.length > 0;
  const counts = result as NonNullable<WriteResult>;
  if ('modifiedCount' in counts || 'deletedCount' in counts || 'upsertedCount' in counts) {
    return (counts.modifiedCount ?? 0) + (counts.upsertedCount ?? 0) + (counts.deletedCount ?? 0) > 0;
  }
  return true;
}

const QUERY_WRITES: MongooseQueryMiddleware[] = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'replaceOne',
  'deleteOne',
  'deleteMany',
];

/**
 * Schema plugin of the collections listings are read from (items, owner summaries): every write through the
 * model that changed something invalidates the listing caches of its connection before the write's caller
 * goes on, so a new write path cannot forget it.
 */
export function invalidatesListings(schema: Schema): void {
  schema.post(
    QUERY_WRITES,
    { document: false, query: true },
    async function (this: Query<unknown, unknown>, result: unknown) {
      if (changedSomething(result)) await invalidateListings(this.model.db);
    },
  );
  schema.post('save', async function (this: { constructor: unknown }) {
    await invalidateListings((this.constructor as Model<unknown>).db);
  });
  schema.post('insertMany', async function (this: Model<unknown>, docs: unknown) {
    if (changedSomething(docs)) await invalidateListings(this.db);
  });
}
