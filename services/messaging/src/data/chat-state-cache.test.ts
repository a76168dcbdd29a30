import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingTestEnv, type MessagingTestEnv } from '../../test/support/messaging-test-env';
import {
  cachedParticipantsAndBlock,
  changingChatState,
  chatVersionKey,
  createChatStateCache,
  isCacheableVersion,
  readChatState,
} from './chat-state-cache';
import { oid } from './ids';

let env: MessagingTestEnv;
beforeAll(async () => {
  env = await createMessagingTestEnv();
});
afterAll(() => env.close());

const versionOf = (userId: string) => env.ctx.redis.get(chatVersionKey(env.ctx.keyPrefix, userId));

describe('changingChatState (the sequence lock of the chat-state cache)', () => {
  it('holds every named user "in progress" while the write runs, then gives each a fresh version', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const before = await Promise.all([versionOf(a.id), versionOf(b.id)]);
    let during: (string | null)[] = [];
    await changingChatState(env.ctx, [a.id, b.id], async () => {
      during = await Promise.all([versionOf(a.id), versionOf(b.id)]);
    });
    const after = await Promise.all([versionOf(a.id), versionOf(b.id)]);
    expect(during.map(isCacheableVersion)).toEqual([false, false]);
    expect(after.map(isCacheableVersion)).toEqual([true, true]);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(after[0]);
  });

  it('gives a fresh version even when the write fails (it may have changed something)', async () => {
    const a = await env.user();
    const before = await versionOf(a.id);
    await expect(
      changingChatState(env.ctx, [a.id], () => Promise.reject(new Error('write failed'))),
    ).rejects.toThrow('write failed');
    const after = await versionOf(a.id);
    expect(isCacheableVersion(after)).toBe(true);
    expect(after).not.toBe(before);
  });
});

describe('the chat-state cache', () => {
  it('answers a send from entries read under the versions it is given, and reads again under new ones', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    const ctx = { ...env.ctx, chatState: createChatStateCache() };
    await request(env.app).post(`/api/blocks/${c.id}`).set(a.headers).expect(201);
    const versions = ['va-1', 'vb-1'] as const;
    const read = await readChatState(ctx, [a.id, b.id], versions);
    expect(read.get(a.id)?.blocks).toEqual(new Set([c.id]));
    expect(ctx.chatState.get(a.id, 'va-1')?.record?.fullName).toBe(a.fullName);
    expect(ctx.chatState.get(a.id, 'va-2')).toBeUndefined();

    // The block is stored behind the cache's back: the entries under the old versions still say "not blocked";
    // under new versions the send reads the database again and sees it.
    await env.ctx.blocks.collection.insertOne({
      blockerId: oid(b.id),
      blockedId: oid(a.id),
      createdAt: new Date(),
    });
    const cached = await cachedParticipantsAndBlock(ctx, a.id, b.id, Promise.resolve(versions));
    expect(cached.blocked).toBe(false);
    expect(cached.users.map((user) => user.fullName).sort()).toEqual([a.fullName, b.fullName].sort());
    const fresh = await cachedParticipantsAndBlock(ctx, a.id, b.id, Promise.resolve(['va-1', 'vb-2']));
    expect(fresh.blocked).toBe(true);
    expect(ctx.chatState.get(b.id, 'vb-2')?.blocks).toEqual(new Set([a.id]));
  });

  it('never caches a user whose version is in progress or unknown, and answers from the database then', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const ctx = { ...env.ctx, chatState: createChatStateCache() };
    await readChatState(ctx, [a.id, b.id], ['w:writer', null]);
    expect(ctx.chatState.has(a.id)).toBe(false);
    expect(ctx.chatState.has(b.id)).toBe(false);
    await request(env.app).post(`/api/blocks/${a.id}`).set(b.headers).expect(201);
    const answer = await cachedParticipantsAndBlock(ctx, a.id, b.id, Promise.resolve(['w:writer', 'vb']));
    expect(answer.blocked).toBe(true);
  });

  it('keeps at most its size of users, dropping the least recently used', () => {
    const cache = createChatStateCache(2);
    const entry = (version: string) => ({ version, record: undefined, blocks: new Set<string>() });
    cache.set('a', entry('1'));
    cache.set('b', entry('1'));
    cache.get('a', '1');
    cache.set('c', entry('1'));
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
  });
});
