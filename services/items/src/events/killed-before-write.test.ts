import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { png, toDataUrl } from '@nomadswap/dev-stores/test-images';
import type { EventBus } from '@nomadswap/service-kit/events';
import {
  drainOutbox,
  killAfterWrites,
  killBeforeWrites,
  passOutboxGrace,
} from '@nomadswap/service-kit/testing';
import { buildItem, buildItemInput, buildOwner } from '../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../test/support/items-test-env';
import { registerItemEventBuilders } from './publish-item-events';

/*
 * The guard of each item change (issue 14's outbox): its events are stored before the write, and a restarted
 * process sends them only if the stored item shows the change. Killed after the write, each change is
 * announced; killed before it, none is — a guard that matched the item as it was would announce a change that
 * never happened (a deletion, an edit, a swap the owner never made).
 */
let env: ItemsTestEnv | undefined;
let restarted: EventBus | undefined;
afterEach(async () => {
  await restarted?.stop();
  await env?.close();
  restarted = env = undefined;
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** An owner with four listed items, one for each change of an existing item. */
async function arrange(current: ItemsTestEnv) {
  const owner = await current.signIn();
  await buildOwner(current, { id: owner.id });
  const [edited, swapped, relisted, deleted] = [
    await buildItem(current, { userId: owner.id }),
    await buildItem(current, { userId: owner.id }),
    await buildItem(current, { userId: owner.id }),
    await buildItem(current, { userId: owner.id }),
  ];
  const ids = {
    edited: edited._id.toHexString(),
    swapped: swapped._id.toHexString(),
    relisted: relisted._id.toHexString(),
    deleted: deleted._id.toHexString(),
  };
  return { owner, ids };
}

/** The five guarded item changes, each as the owner makes it; each one's answer is not looked at here. */
async function change(current: ItemsTestEnv, { owner, ids }: Awaited<ReturnType<typeof arrange>>) {
  const image = toDataUrl(await png(16, 16));
  await request(current.app)
    .post('/api/items')
    .set(owner.headers)
    .send(buildItemInput({ title: 'Hammock', images: [image] }));
  await request(current.app)
    .put(`/api/items/${ids.edited}`)
    .set(owner.headers)
    .send({ ...buildItemInput({ title: 'Renamed before the crash' }), images: undefined });
  await request(current.app).post(`/api/items/${ids.swapped}/toggle-swapped`).set(owner.headers);
  await request(current.app)
    .post(`/api/items/${ids.relisted}/relist`)
    .set(owner.headers)
    .send({ availableUntil: new Date(Date.now() + 10 * DAY_MS).toISOString() });
  await request(current.app).delete(`/api/items/${ids.deleted}`).set(owner.headers);
}

/** The restarted process (same database), once the grace has passed; emptied and stopped. */
async function restart(current: ItemsTestEnv): Promise<void> {
  restarted = current.stores.serviceBus('items');
  registerItemEventBuilders(restarted);
  await passOutboxGrace(current.ctx.mongo);
  await drainOutbox(restarted, current.ctx.mongo);
}

const storedItems = (current: ItemsTestEnv) => current.ctx.items.find({}).sort({ _id: 1 }).lean();

describe("items: killed between storing a change's events and the write", () => {
  it('announces none of the five changes, and none happened', async () => {
    env = await createItemsTestEnv({ worker: false });
    const arranged = await arrange(env);
    const before = await storedItems(env);
    await killBeforeWrites(env.bus);

    await change(env, arranged);
    await restart(env);

    expect(await storedItems(env)).toEqual(before);
    expect(await env.events()).toEqual([]);
  });

  it('killed after the write instead, the restarted process announces each of them', async () => {
    env = await createItemsTestEnv({ worker: false });
    const arranged = await arrange(env);
    await killAfterWrites(env.bus);

    await change(env, arranged);
    await restart(env);

    const announced = (await env.events())
      .map((event) => `${event.type} ${'id' in event.data ? event.data.id : '?'}`)
      .sort();
    const [created] = await env.ctx.items.find({ title: 'Hammock' }).lean();
    expect(announced).toEqual(
      [
        `item.created ${created!._id.toHexString()}`,
        `item.updated ${arranged.ids.edited}`,
        `item.updated ${arranged.ids.swapped}`,
        `item.updated ${arranged.ids.relisted}`,
        `item.deleted ${arranged.ids.deleted}`,
      ].sort(),
    );
  });
});
