import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadItemsConfig } from './config';
import { createItemsContext } from './context';
import { consumeItemsEvents } from './events/consume';
import { warmPlaces } from '@nomadswap/places/places';

await startService({
  name: 'items',
  config: loadItemsConfig,
  setup: async (service) => {
    const { config } = service;
    const ctx = await createItemsContext({
      ...service,
      redisUrl: config.REDIS_URL,
      queuePrefix: config.BULLMQ_PREFIX,
      settings: { imageWaitMs: config.IMAGE_WAIT_MS },
    });
    consumeItemsEvents(service.bus, ctx);
    return { app: buildApp(ctx), steps: [{ name: 'queues', run: () => ctx.queues.close() }] };
  },
});

// Listening already: build the gazetteer now (about a second) so the first city search does not wait for it.
setImmediate(warmPlaces);
