import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { participantsAndBlock, type BlockModel } from './block';
import type { ChatUserModel, ChatUserRecord } from './chat-user';
import { runCommand, type DatabaseHandle } from './db-command';
import { hex, oid, type Id } from './ids';

/**
 * What a send checks in the database about each participant — their projection row and every block they are part
 * of — cached per replica and validated on every send by a version kept in Redis (`chatv:{userId}`), read in the
 * same script as the send's other checks: a hit costs no database command and no extra round trip. Decision
 * 0087.
 *
 * The version works as a sequence lock. A writer (a block, an unblock, a projection change) first sets every
 * concerned user's version to an "in progress" value (`w:…`), then writes the database, then sets a fresh one;
 * nobody caches a user while their version is in progress or missing, and an entry is trusted only under the
 * exact version it was read after. A writer whose last step fails leaves "in progress": sends then read the
 * database until the next change. A version that expires or is lost is replaced by a fresh one at the next read,
 * which matches no entry.
 */
export interface ChatStateEntry {
  version: string;
  record: ChatUserRecord | undefined;
  /** Users this one blocked or was blocked by. */
  blocks: Set<string>;
}

/** Most users a replica keeps (least recently used go first). */
const CACHE_USERS = 10_000;
/** A user in more blocks than this (either way) is not cached: their sends read the database. */
const CACHE_BLOCKS_PER_USER = 200;
/** How long a version lives without a change (renewed by nobody: a fresh one then starts). */
export const CHAT_VERSION_TTL_SECONDS = 24 * 3_600;

export const chatVersionKey = (keyPrefix: string, userId: string) => `${keyPrefix}chatv:${userId}`;
const IN_PROGRESS = 'w:';
export const isCacheableVersion = (version: string | null | undefined): version is string =>
  typeof version === 'string' && version !== '' && !version.startsWith(IN_PROGRESS);

/**
 * Lua for a script that reads versions: the version at `KEYS[k]`, set to `ARGV[a]` (a fresh value) when missing.
 * Scripts are atomic, so a fresh version is never set over a writer's.
 */
export const luaChatVersion = (k: number, a: number, ttlArg: number) => `(function()
  local v = redis.call('GET', KEYS[${k}])
  if not v then
    v = ARGV[${a}]
    redis.call('SET', KEYS[${k}], v, 'EX', ARGV[${ttlArg}])
  end
  return v
end)()`;

/**
 * Runs `write` (a change to blocks or to a user's projection) under the sequence lock of `userIds`: no replica
 * caches them while it runs, and every entry read before it is stale after it.
 */
export async function changingChatState<T>(
  ctx: { redis: Redis; keyPrefix: string },
  userIds: readonly string[],
  write: () => Promise<T>,
): Promise<T> {
  const set = async (value: () => string) => {
    const multi = ctx.redis.multi();
    for (const id of userIds)
      multi.set(chatVersionKey(ctx.keyPrefix, id), value(), 'EX', CHAT_VERSION_TTL_SECONDS);
    const replies = await multi.exec();
    const failed = replies?.find(([error]) => error)?.[0];
    if (!replies || failed) throw failed ?? new Error('chat version not set');
  };
  await set(() => `${IN_PROGRESS}${randomUUID()}`);
  try {
    return await write();
  } finally {
    await set(() => randomUUID());
  }
}

export interface ChatStateCache {
  /** The entry of `userId` if it was read under `version` (and refreshes its place). */
  get(userId: string, version: string | null | undefined): ChatStateEntry | undefined;
  /** Whether `userId` has an entry, under any version (tests). */
  has(userId: string): boolean;
  set(userId: string, entry: ChatStateEntry): void;
}

export function createChatStateCache(maxUsers = CACHE_USERS): ChatStateCache {
  const entries = new Map<string, ChatStateEntry>();
  return {
    get(userId, version) {
      const entry = entries.get(userId);
      if (!entry || !isCacheableVersion(version) || entry.version !== version) return undefined;
      entries.delete(userId);
      entries.set(userId, entry);
      return entry;
    },
    has: (userId) => entries.has(userId),
    set(userId, entry) {
      entries.delete(userId);
      entries.set(userId, entry);
      if (entries.size > maxUsers) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * Reads the chat state of `userIds` from the database — their projection rows and every block they are in, in one
 * aggregate — and caches each one whose version allows it. Must start after `versions` were read (the sequence
 * lock's rule). Returns the entries read, cached or not (undefined for a user in too many blocks to say from here).
 */
export async function readChatState(
  ctx: DatabaseHandle & { users: ChatUserModel; blocks: BlockModel; chatState: ChatStateCache },
  userIds: readonly string[],
  versions: readonly (string | null)[],
): Promise<Map<string, ChatStateEntry | undefined>> {
  const ids: Id[] = userIds.map(oid);
  const blocksWhere = (field: 'blockerId' | 'blockedId') => ({
    $unionWith: {
      coll: ctx.blocks.collection.collectionName,
      pipeline: [
        { $match: { [field]: { $in: ids } } },
        { $limit: CACHE_BLOCKS_PER_USER * ids.length + 1 },
        { $project: { _id: 0, blockerId: 1, blockedId: 1 } },
      ],
    },
  });
  const reply = await runCommand<{ cursor: { id: unknown; firstBatch: unknown[] } }>(ctx, {
    aggregate: ctx.users.collection.collectionName,
    pipeline: [{ $match: { _id: { $in: ids } } }, blocksWhere('blockerId'), blocksWhere('blockedId')],
    cursor: { batchSize: 2 * (CACHE_BLOCKS_PER_USER * ids.length + 1) + ids.length },
  });
  if (Number(reply.cursor.id) !== 0) {
    await runCommand(ctx, { killCursors: ctx.users.collection.collectionName, cursors: [reply.cursor.id] });
    throw new Error('chat state read returned more than one batch');
  }
  const read = new Map(
    userIds.map((id, i) => [
      id,
      { version: versions[i] ?? '', record: undefined, blocks: new Set() } as ChatStateEntry,
    ]),
  );
  const counted = new Map<string, number>();
  for (const row of reply.cursor.firstBatch as (ChatUserRecord | { blockerId: Id; blockedId: Id })[]) {
    if ('blockerId' in row) {
      const [blocker, blocked] = [hex(row.blockerId), hex(row.blockedId)];
      for (const [self, other] of [
        [blocker, blocked],
        [blocked, blocker],
      ] as const) {
        const entry = read.get(self);
        if (!entry) continue;
        entry.blocks.add(other);
        counted.set(self, (counted.get(self) ?? 0) + 1);
      }
    } else read.get(hex(row._id))!.record = row;
  }
  // At a union's limit the rows may be cut short: blocks cannot be answered from them.
  const cut = [...counted.values()].reduce((a, b) => a + b, 0) >= CACHE_BLOCKS_PER_USER * ids.length;
  const result = new Map<string, ChatStateEntry | undefined>();
  for (const [id, entry] of read) {
    if (cut || (counted.get(id) ?? 0) > CACHE_BLOCKS_PER_USER) {
      result.set(id, undefined);
      continue;
    }
    result.set(id, entry);
    if (isCacheableVersion(entry.version)) ctx.chatState.set(id, entry);
  }
  return result;
}

/**
 * A send's participants and block check from the cache when both users' entries hold under `versions` (read in the
 * send's Redis round): no database command. A user with no entry, or a stale one, is read once the versions are
 * known (the sequence lock's rule), in one command, and the send is answered from what was read.
 */
export async function cachedParticipantsAndBlock(
  ctx: DatabaseHandle & { users: ChatUserModel; blocks: BlockModel; chatState: ChatStateCache },
  a: string,
  b: string,
  versions: Promise<readonly [string, string] | undefined>,
): Promise<{ users: ChatUserRecord[]; blocked: boolean }> {
  const known = await versions;
  if (!known) return participantsAndBlock(ctx, a, b);
  const ids = [a, b];
  let entries = ids.map((id, i) => ctx.chatState.get(id, known[i]));
  const unread = ids.filter((_, i) => !entries[i]);
  if (unread.length > 0) {
    const read = await readChatState(
      ctx,
      unread,
      unread.map((id) => known[ids.indexOf(id)]!),
    );
    entries = ids.map((id, i) => entries[i] ?? read.get(id));
  }
  const [mine, theirs] = entries;
  // A user in too many blocks to cache: the pair's own lookup.
  if (!mine || !theirs) return participantsAndBlock(ctx, a, b);
  return {
    users: [mine.record, theirs.record].filter((record) => record !== undefined),
    blocked: mine.blocks.has(b) || theirs.blocks.has(a),
  };
}
