import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingTestEnv, type MessagingTestEnv } from '../../test/support/messaging-test-env';
import { blockedAmong, isBlockedEitherWay, participantsAndBlock } from './block';
import { oid } from './ids';

let env: MessagingTestEnv;
beforeAll(async () => {
  env = await createMessagingTestEnv();
});
afterAll(() => env.close());

describe('isBlockedEitherWay', () => {
  it('sees a block in either direction between the two, and no block of either with someone else', async () => {
    const [a, b, c, d] = await Promise.all([env.user(), env.user(), env.user(), env.user()]);
    // Blocks involving a and b, but not between them.
    await request(env.app).post(`/api/blocks/${c.id}`).set(a.headers).expect(201);
    await request(env.app).post(`/api/blocks/${b.id}`).set(d.headers).expect(201);
    await request(env.app).post(`/api/blocks/${a.id}`).set(c.headers).expect(201);
    expect(await isBlockedEitherWay(env.ctx, a.id, b.id)).toBe(false);
    expect(await isBlockedEitherWay(env.ctx, b.id, a.id)).toBe(false);
    expect(await isBlockedEitherWay(env.ctx, a.id, a.id)).toBe(false);
    expect(await isBlockedEitherWay(env.ctx, a.id, c.id)).toBe(true);
    expect(await isBlockedEitherWay(env.ctx, b.id, d.id)).toBe(true);

    await request(env.app).post(`/api/blocks/${a.id}`).set(b.headers).expect(201);
    expect(await isBlockedEitherWay(env.ctx, a.id, b.id)).toBe(true);
    expect(await isBlockedEitherWay(env.ctx, b.id, a.id)).toBe(true);
    expect((await blockedAmong(env.ctx, a.id, [b.id, c.id, d.id])).either).toEqual(new Set([b.id, c.id]));
    await request(env.app).delete(`/api/blocks/${a.id}`).set(b.headers).expect(200);
    expect(await isBlockedEitherWay(env.ctx, a.id, b.id)).toBe(false);
  });
});

describe('participantsAndBlock', () => {
  it('returns both projection rows and whether either blocked the other, in one read', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    const names = (rows: { fullName: string }[]) => rows.map((row) => row.fullName).sort();
    const unknown = oid('0123456789abcdef01234567').toHexString();
    await request(env.app).post(`/api/blocks/${c.id}`).set(a.headers).expect(201);

    const open = await participantsAndBlock(env.ctx, a.id, b.id);
    expect(open.blocked).toBe(false);
    expect(names(open.users)).toEqual([a.fullName, b.fullName].sort());
    expect(open.users.find((row) => row.fullName === b.fullName)?.email).toBe(b.email);
    // Either direction; a user without a projection row is simply absent.
    expect(await participantsAndBlock(env.ctx, a.id, c.id)).toMatchObject({ blocked: true });
    expect(await participantsAndBlock(env.ctx, c.id, a.id)).toMatchObject({ blocked: true });
    const stranger = await participantsAndBlock(env.ctx, b.id, unknown);
    expect(stranger.blocked).toBe(false);
    expect(names(stranger.users)).toEqual([b.fullName]);

    await request(env.app).post(`/api/blocks/${a.id}`).set(b.headers).expect(201);
    expect(await participantsAndBlock(env.ctx, a.id, b.id)).toMatchObject({ blocked: true });
    await request(env.app).delete(`/api/blocks/${a.id}`).set(b.headers).expect(200);
    expect(await participantsAndBlock(env.ctx, b.id, a.id)).toMatchObject({ blocked: false });
  });
});
