import type { Express } from 'express';
import type { EventEnvelope, EventType } from '@nomadswap/contracts/events';
import type { EventBus, EventBusOptions } from '@nomadswap/service-kit/events';
import { createTestStores, type TestSession, type TestStores } from '@nomadswap/service-kit/testing';
import { buildApp } from '../../src/app';
import { createItemsContext, type ItemsContext, type ItemsSettings } from '../../src/context';
import { consumeItemsEvents } from '../../src/events/consume';
import { startImageWorker } from '../../src/jobs/image-worker';

type RunningWorker = ReturnType<typeof startImageWorker>;

export interface ItemsTestEnv {
  stores: TestStores;
  ctx: ItemsContext;
  app: Express;
  /** The bus the app publishes on (this test's stream); consuming only with `consumeEvents`. */
  bus: EventBus;
  queuePrefix: string;
  /** Every event on this test's stream so far, oldest first. */
  events<T extends EventType>(type?: T): Promise<EventEnvelope<T>[]>;
  /** Starts an in-process image worker as src/worker.ts runs it (done by default). */
  startWorker(options?: { concurrency?: number }): Promise<RunningWorker>;
  signIn(user?: Parameters<TestStores['signIn']>[0]): Promise<TestSession>;
  close(): Promise<void>;
}

export interface ItemsTestEnvOptions {
  settings?: Partial<ItemsSettings>;
  /** Run the image processor in-process (default true). */
  worker?: boolean;
  /** Consume events with the service's handlers (default false). */
  consumeEvents?: boolean;
  /** Overrides for the bus (e.g. its own Redis and stream, to take the event store away mid-test). */
  bus?: Partial<EventBusOptions>;
}

/**
 * The items service in-process on this test's stores: its own database, stream, Redis prefix and BullMQ prefix,
 * with the image worker running as src/worker.ts runs it.
 */
export async function createItemsTestEnv(options: ItemsTestEnvOptions = {}): Promise<ItemsTestEnv> {
  const stores = await createTestStores({ service: 'items' });
  const bus = stores.serviceBus('items', options.bus);
  const queuePrefix = `${stores.keyPrefix}bull`;
  const ctx = await createItemsContext({
    logger: stores.logger,
    mongo: stores.mongo,
    redis: stores.redis,
    redisUrl: stores.redisUrl,
    bus,
    auth: stores.auth,
    queuePrefix,
    keyPrefix: stores.keyPrefix,
    settings: options.settings,
  });
  const workers: RunningWorker[] = [];
  const startWorker = async ({ concurrency = 2 } = {}) => {
    const running = startImageWorker({
      core: ctx,
      redisUrl: stores.redisUrl,
      prefix: queuePrefix,
      concurrency,
    });
    workers.push(running);
    await running.worker.waitUntilReady();
    return running;
  };
  if (options.worker !== false) await startWorker();
  if (options.consumeEvents) {
    consumeItemsEvents(bus, ctx);
    await bus.start();
  }

  return {
    stores,
    ctx,
    app: buildApp(ctx),
    bus,
    queuePrefix,
    startWorker,
    signIn: (user) => stores.signIn(user),
    events: (type) => stores.events(type),
    async close() {
      for (const running of workers) await running.close();
      await bus.stop();
      await ctx.queues.images.obliterate({ force: true }).catch(() => undefined);
      await ctx.deadlines.obliterate({ force: true }).catch(() => undefined);
      await ctx.alertDigests.obliterate({ force: true }).catch(() => undefined);
      await ctx.notifications.queue.obliterate({ force: true }).catch(() => undefined);
      await ctx.queues.close();
      await stores.close();
    },
  };
}
