import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '@nomadswap/service-kit/events';
import { eventually, killAfterWrites, passOutboxGrace } from '@nomadswap/service-kit/testing';
import { createMessagingTestEnv, type MessagingTestEnv } from '../../test/support/messaging-test-env';

// Issue 14 fix 6: exchange.completed survives the process being killed between the write and the publish.
let env: MessagingTestEnv;
let restarted: EventBus | undefined;

beforeAll(async () => {
  env = await createMessagingTestEnv();
});
afterAll(async () => {
  await restarted?.stop();
  await env.close();
});

describe('completeExchange: killed between the write and the publish', () => {
  it('the exchange is announced once by the restarted process', async () => {
    const [a, b] = [await env.user(), await env.user()];
    await request(env.app)
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'Swap?' })
      .expect(201);
    await killAfterWrites(env.bus);

    const res = await request(env.app)
      .post('/api/exchanges/complete')
      .set(a.headers)
      .send({ otherUserId: b.id });
    expect(res.status).toBe(500); // the process "died" right after the write
    const stored = await env.ctx.exchanges.findOne({}).lean();
    expect(stored).not.toBeNull();
    expect(await env.events('exchange.completed')).toEqual([]);

    restarted = env.stores.serviceBus('messaging');
    await passOutboxGrace(env.ctx.mongo);
    await eventually(async () => (await env.ctx.mongo.collection('outbox').countDocuments()) === 0, 15_000);
    const completed = await env.events('exchange.completed');
    expect(completed.map((event) => event.data)).toEqual([
      {
        id: stored!._id.toHexString(),
        requesterId: a.id,
        ownerId: b.id,
        itemId: null,
        completedAt: stored!.completedAt.toISOString(),
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await env.events('exchange.completed')).toHaveLength(1);
  });
});
