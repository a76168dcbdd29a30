import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, toDataUrl } from '@nomadswap/dev-stores/test-images';
import type { EventBus } from '@nomadswap/service-kit/events';
import { drainOutbox, killAfterWrites, passOutboxGrace } from '@nomadswap/service-kit/testing';
import { buildItemInput } from '../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../test/support/items-test-env';
import { registerItemEventBuilders } from './publish-item-events';

// Issue 14 fix 6: a creation's or an update's event survives the process being killed between the write and
// the publish — the restarted process's relay announces it, built from the item as stored.
let env: ItemsTestEnv;
let restarted: EventBus | undefined;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
});
afterAll(async () => {
  await restarted?.stop();
  await env.close();
});

describe('items: killed between the write and the publish', () => {
  it('a new item is announced once (item.created with the stored state) by the restarted process', async () => {
    const owner = await env.signIn();
    await killAfterWrites(env.bus);

    const res = await request(env.app)
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ title: 'Hammock', images: [toDataUrl(await png(16, 16))] }));
    expect(res.status).toBe(500); // the process "died" right after the write
    const stored = await env.ctx.items.findOne({ userId: new mongoose.Types.ObjectId(owner.id) }).lean();
    expect(stored?.title).toBe('Hammock');
    expect(await env.events('item.created')).toEqual([]);

    // The restarted process (same database), once the grace has passed.
    restarted = env.stores.serviceBus('items');
    registerItemEventBuilders(restarted);
    await passOutboxGrace(env.ctx.mongo);
    // Emptied and stopped: nothing can send it again, so what is on the stream now is all there will be.
    await drainOutbox(restarted, env.ctx.mongo);
    const created = await env.events('item.created');
    expect(created.map((event) => event.data)).toEqual([
      {
        id: stored!._id.toHexString(),
        userId: owner.id,
        title: 'Hammock',
        image: null, // its photo is still processing
        isSwapped: false,
        version: stored!.version,
      },
    ]);
  });
});
