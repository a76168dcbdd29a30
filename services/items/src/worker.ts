import { createServiceApp } from '@nomadswap/service-kit/app';
import { startService } from '@nomadswap/service-kit/service';
import { imageTestDelayMs, loadItemsConfig } from './config';
import { createItemsCore, initItemsStorage } from './context';
import { configureSharpForWorker } from '@nomadswap/service-kit/image-variants';
import { startStuckImageSweeper } from './jobs/stuck-image-sweeper';
import { startImageWorker } from './jobs/image-worker';
import { createImageQueue } from './jobs/queues';

configureSharpForWorker();

/** Photos processing for longer than this are checked by the sweeper (a job lost, or failed for good). */
const STUCK_AFTER_MS = 2 * 60_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * The items worker process: the `images` jobs (BullMQ) and the sweeper that leaves no photo `processing` for
 * ever. It publishes item.updated but consumes no events (the API process does). Its /healthz reports MongoDB
 * and Redis like the service's.
 */
await startService({
  name: 'items-worker',
  config: loadItemsConfig,
  consumeEvents: false,
  setup: async (service) => {
    const { config, logger } = service;
    const core = createItemsCore(service);
    await initItemsStorage(core);
    const images = startImageWorker({
      core,
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      concurrency: config.IMAGE_CONCURRENCY,
      lockMs: config.IMAGE_LOCK_MS,
      testDelayMs: imageTestDelayMs(config),
    });
    const queue = createImageQueue({ redis: service.redis, prefix: config.BULLMQ_PREFIX, logger });
    const sweeper = startStuckImageSweeper(core, queue, {
      intervalMs: SWEEP_EVERY_MS,
      olderThanMs: STUCK_AFTER_MS,
    });
    logger.info({ concurrency: config.IMAGE_CONCURRENCY }, 'items worker processing images');
    const app = createServiceApp({
      name: 'items-worker',
      logger,
      health: { mongo: service.mongo, redis: service.redis },
    });
    return {
      app,
      steps: [
        { name: 'image sweeper', run: () => sweeper.stop() },
        { name: 'image worker', run: () => images.close() },
        { name: 'image queue', run: () => queue.close() },
      ],
    };
  },
});
