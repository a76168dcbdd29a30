import type { Redis } from '@nomadswap/service-kit/redis';
import type { Logger } from '@nomadswap/service-kit/logger';

/**
 * A per-process cache of browse results, validated on every read against a generation counter in Redis that
 * every write touching listings increments (items, photo states, owner summaries). A result is served only
 * while the generation it was computed at is still the current one, so every replica sees a change as soon as
 * the write that made it has answered. Entries also expire after `maxAgeMs`, which bounds staleness if an
 * increment ever failed. Per-viewer parts (favourites, photo visibility) are applied after the cache.
 */
export interface ListingCache {
  /** The current generation, or null when Redis cannot say (the caller then reads the database). */
  generation(): Promise<string | null>;
  /** Call after any database write that can change a listing or the stats. */
  invalidate(): Promise<void>;
  get<T>(key: string, generation: string | null): T | undefined;
  set<T>(key: string, generation: string | null, value: T): void;
}

interface Entry {
  generation: string;
  storedAt: number;
  value: unknown;
}

export interface ListingCacheOptions {
  redis: Redis;
  /** Prefix of the generation key (tests isolate themselves with one). */
  keyPrefix?: string;
  logger?: Logger;
  maxEntries?: number;
  maxAgeMs?: number;
}

export function createListingCache(options: ListingCacheOptions): ListingCache {
  const key = `${options.keyPrefix ?? ''}items:listing-generation`;
  const maxEntries = options.maxEntries ?? 200;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const entries = new Map<string, Entry>();

  return {
    async generation() {
      try {
        return (await options.redis.get(key)) ?? '0';
      } catch (error) {
        options.logger?.warn({ err: error }, 'listing generation unavailable; reading the database');
        return null;
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

    get<T>(cacheKey: string, generation: string | null) {
      if (generation === null) return undefined;
      const entry = entries.get(cacheKey);
      if (!entry) return undefined;
      if (entry.generation !== generation || Date.now() - entry.storedAt > maxAgeMs) {
        entries.delete(cacheKey);
        return undefined;
      }
      // Most recently used last, so the oldest is the first to go.
      entries.delete(cacheKey);
      entries.set(cacheKey, entry);
      return entry.value as T;
    },

    set(cacheKey, generation, value) {
      if (generation === null) return;
      entries.delete(cacheKey);
      entries.set(cacheKey, { generation, storedAt: Date.now(), value });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
