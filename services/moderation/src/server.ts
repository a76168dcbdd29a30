import { createNotificationQueue } from '@nomadswap/service-kit/notifications';
import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadModerationConfig } from './config';
import { createModerationContext } from './context';
import { consumeModerationEvents } from './events/consume';

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
    return {
      app: buildApp(ctx),
      steps: [{ name: 'notifications queue', run: () => notifications.close() }],
    };
  },
});
