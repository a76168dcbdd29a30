import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@nomadswap/service-kit/testing';
import { oid } from '../../data/ids';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';

let env: MessagingTestEnv;
let pending: TestUser;
beforeAll(async () => {
  env = await createMessagingTestEnv();
  pending = await env.user({ isApproved: false });
});
afterAll(() => env.close());

const api = () => request(env.app);
const send = (from: TestUser, to: TestUser, content = 'hi') =>
  api().post('/api/messages').set(from.headers).send({ receiverId: to.id, content });

describe('/api/blocks', () => {
  it('a block stops messages both ways with 403, shows in the blocker’s list only, and is reversible', async () => {
    const [a, b] = await Promise.all([env.user(), env.user({ fullName: 'Bo' })]);
    await send(a, b).expect(201);
    const blocked = await api().post(`/api/blocks/${b.id}`).set(a.headers);
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ userId: b.id, user: { id: b.id, fullName: 'Bo' } });
    expect((await api().post(`/api/blocks/${b.id}`).set(a.headers)).status).toBe(200);
    expect(await env.ctx.blocks.countDocuments({})).toBe(1);

    const out = await send(a, b);
    expect(out.status).toBe(403);
    expect(out.body).toEqual({ error: 'You cannot message this user', code: 'BLOCKED' });
    const inbound = await send(b, a);
    expect(inbound.status).toBe(403);
    expect(inbound.body.code).toBe('BLOCKED');

    expect(
      (await api().get('/api/blocks').set(a.headers)).body.map((row: { userId: string }) => row.userId),
    ).toEqual([b.id]);
    // The blocked user is not told.
    expect((await api().get('/api/blocks').set(b.headers)).body).toEqual([]);
    const conversations = await api().get('/api/conversations').set(a.headers);
    expect(conversations.body[0]).toMatchObject({ blocked: true, presence: null });
    const theirs = await api().get('/api/conversations').set(b.headers);
    expect(theirs.body[0]).toMatchObject({ blocked: false, presence: null });

    const lifted = await api().delete(`/api/blocks/${b.id}`).set(a.headers);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ blocked: false });
    expect((await api().delete(`/api/blocks/${b.id}`).set(a.headers)).status).toBe(200);
    await send(b, a).expect(201);
  });

  it('lists the caller’s blocks newest first, by when each was made', async () => {
    const [me, b, c, d] = await Promise.all([env.user(), env.user(), env.user(), env.user()]);
    for (const other of [b, c, d]) await api().post(`/api/blocks/${other.id}`).set(me.headers).expect(201);
    // Made in the order c, d, b (not the order of the calls): the list follows createdAt.
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    for (const [other, minutes] of [
      [c, 0],
      [d, 1],
      [b, 2],
    ] as const)
      await env.ctx.blocks.updateOne(
        { blockerId: oid(me.id), blockedId: oid(other.id) },
        { $set: { createdAt: at(minutes) } },
      );
    const listed = (await api().get('/api/blocks').set(me.headers).expect(200)).body as {
      userId: string;
      createdAt: string;
    }[];
    expect(listed.map((row) => row.userId)).toEqual([b.id, d.id, c.id]);
    expect(listed[0]!.createdAt).toBe(at(2).toISOString());
  });

  it('refuses blocking oneself (400) and an unknown user (404)', async () => {
    const a = await env.user();
    const self = await api().post(`/api/blocks/${a.id}`).set(a.headers);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({
      error: 'You cannot block yourself',
      code: 'CANNOT_BLOCK_SELF',
      details: [{ field: 'userId', message: 'You cannot block yourself' }],
    });
    const unknown = await api().post(`/api/blocks/${newId()}`).set(a.headers);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'User Not Found', code: 'USER_NOT_FOUND' });
    const bad = await api().post('/api/blocks/not-an-id').set(a.headers);
    expect(bad.status).toBe(400);
  });

  it('answers 401 to visitors and 403 to unapproved users on every call', async () => {
    const target = await env.user();
    expect((await api().get('/api/blocks')).status).toBe(401);
    expect((await api().post(`/api/blocks/${target.id}`)).status).toBe(401);
    expect((await api().delete(`/api/blocks/${target.id}`)).status).toBe(401);
    expect((await api().get('/api/blocks').set(pending.headers)).status).toBe(403);
    expect((await api().post(`/api/blocks/${target.id}`).set(pending.headers)).status).toBe(403);
    expect((await api().delete(`/api/blocks/${target.id}`).set(pending.headers)).status).toBe(403);
    const admin = await env.user({ role: 'admin' });
    expect((await api().post(`/api/blocks/${target.id}`).set(admin.headers)).status).toBe(201);
  });
});
