import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores, newId, type TestStores } from '@nomadswap/service-kit/testing';
import { createConnectionSlots } from './connection-slots';

let stores: TestStores;
beforeAll(async () => {
  stores = await createTestStores({ service: 'messaging' });
});
afterAll(() => stores.close());

/** Slots on this test's Redis prefix, on a clock the test moves. */
function slotsOnClock(ttlMs = 90_000) {
  let time = 1_000_000;
  const slots = createConnectionSlots({
    redis: stores.redis,
    keyPrefix: stores.keyPrefix,
    ttlMs,
    now: () => time,
  });
  return { slots, advance: (ms: number) => (time += ms) };
}

describe('connection slots (the per-user socket cap, over every replica)', () => {
  it('of simultaneous handshakes, exactly `max` take a slot', async () => {
    const { slots } = slotsOnClock();
    const user = newId();
    const answers = await Promise.all(Array.from({ length: 13 }, (_, i) => slots.take(user, `s${i}`, 10)));
    expect(answers.filter((answer) => answer.taken)).toHaveLength(10);
    expect(answers.filter((answer) => !answer.taken).map((answer) => answer.open)).toEqual([10, 10, 10]);
    expect(await slots.count(user)).toBe(10);
    // Another user has slots of their own.
    expect((await slots.take(newId(), 's0', 10)).taken).toBe(true);
  });

  it('a socket that holds a slot keeps it when it takes it again (a recovered session)', async () => {
    const { slots } = slotsOnClock();
    const user = newId();
    for (let i = 0; i < 3; i++) await slots.take(user, `s${i}`, 3);
    expect(await slots.take(user, 's1', 3)).toEqual({ taken: true, open: 2 });
    expect(await slots.count(user)).toBe(3);
  });

  it('a released slot is free again', async () => {
    const { slots } = slotsOnClock();
    const user = newId();
    await slots.take(user, 'a', 1);
    expect((await slots.take(user, 'b', 1)).taken).toBe(false);
    await slots.release(user, 'a');
    expect((await slots.take(user, 'b', 1)).taken).toBe(true);
  });

  it('the slots of a replica that died (never refreshed) free themselves after their expiry; refreshed ones stay', async () => {
    const { slots, advance } = slotsOnClock(90_000);
    const user = newId();
    await slots.take(user, 'on-live-replica', 2);
    await slots.take(user, 'on-dead-replica', 2);
    expect((await slots.take(user, 'new', 2)).taken).toBe(false);

    advance(60_000);
    await slots.refresh([{ userId: user, socketId: 'on-live-replica' }]);
    advance(30_000);
    // 90 s after the take: the dead replica's slot has just expired, the refreshed one has 60 s left.
    expect(await slots.count(user)).toBe(1);
    expect(await slots.take(user, 'new', 2)).toEqual({ taken: true, open: 1 });
    expect((await slots.take(user, 'one-more', 2)).taken).toBe(false);
  });

  it('one refresh of more sockets than one script takes (1,001 over 3 users) keeps every one of them', async () => {
    const { slots, advance } = slotsOnClock(90_000);
    const users = [newId(), newId(), newId()];
    const sockets = Array.from({ length: 1_001 }, (_, i) => ({ userId: users[i % 3]!, socketId: `s${i}` }));
    for (const { userId, socketId } of sockets) await slots.take(userId, socketId, 1_000);
    await slots.take(users[0]!, 'never-refreshed', 1_000);
    advance(60_000);
    await slots.refresh(sockets);
    advance(30_000);
    expect(await Promise.all(users.map((user) => slots.count(user)))).toEqual([334, 334, 333]);
  });
});
