import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadItemsConfig } from './config';
import { createItemsContext } from './context';
import { consumeItemsEvents } from './events/consume';
import { startDeadlineWorker } from './jobs/item-deadlines';
import { startAlertDigestWorker } from './jobs/alert-digests';
import { matchStoredLocations } from '@nomadswap/service-kit/places';

let stored: Parameters<typeof matchStoredLocations>[0] | undefined;

const { context } = await startService({
  name: 'items',
  config: loadItemsConfig,
  setup: async (service) => {
    const { config } = service;
    const ctx = await createItemsContext({
      ...service,
      redisUrl: config.REDIS_URL,
      queuePrefix: config.BULLMQ_PREFIX,
      settings: { imageWaitMs: config.IMAGE_WAIT_MS },
      publicUrl: config.PUBLIC_URL,
    });
    consumeItemsEvents(service.bus, ctx);
    stored = ctx.items;
    const deadlines = startDeadlineWorker(ctx, {
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      logger: service.logger,
    });
    const alertDigests = startAlertDigestWorker(ctx, {
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      logger: service.logger,
    });
    return {
      app: buildApp(ctx),
      steps: [
        { name: 'deadline worker', run: () => deadlines.close() },
        { name: 'alert digest worker', run: () => alertDigests.close() },
        { name: 'queues', run: () => ctx.queues.close() },
      ],
    };
  },
});

// Listening already: match the items written before places existed (issue 22; idempotent). It builds the gazetteer
// (about a second) now, so the first request that needs a place does not wait for it.
setImmediate(() => {
  if (!stored) return;
  matchStoredLocations(stored).then(
    (counts) => context.logger.info(counts, 'items: stored locations matched to places'),
    (error: unknown) => context.logger.error({ err: error }, 'items: matching stored locations failed'),
  );
});
