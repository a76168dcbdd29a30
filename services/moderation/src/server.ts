import { createNotificationQueue } from '@nomadswap/service-kit/notifications';
import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadModerationConfig } from './config';
import { createModerationContext } from './context';
import { consumeModerationEvents } from './events/consume';
import { startReviewRevealer } from './jobs/review-reveals';

await startService({
  name: 'moderation',
  config: loadModerationConfig,
  setup: async (service) => {
    const { config } = service;
    const notifications = createNotificationQueue({
      redis: service.redis,
      prefix: config.BULLMQ_PREFIX,
      logger: service.logger,
    });
    const ctx = await createModerationContext({
      ...service,
      notifications,
      publicUrl: config.PUBLIC_URL,
      reportsPerHour: config.REPORTS_PER_HOUR,
      contactMessagesPerHour: config.CONTACT_MESSAGES_PER_HOUR,
    });
    consumeModerationEvents(service.bus, ctx);
    const revealer = await startReviewRevealer({
      ctx,
      redis: service.redis,
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      logger: service.logger,
      everyMs: config.REVIEW_REVEAL_SWEEP_MS,
    });
    return {
      app: buildApp(ctx),
      steps: [
        { name: 'review reveal sweeper', run: () => revealer.close() },
        { name: 'notifications queue', run: () => notifications.close() },
      ],
    };
  },
});
