import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadMessagingConfig } from './config';
import { createMessagingContext } from './context';
import { createOfflineNudge } from './domain/nudge-offline-recipient';
import { consumeMessagingEvents } from './events/consume';
import { createNotificationQueue } from '@nomadswap/service-kit/notifications';
import { attachSocketServer } from './realtime/socket-server';

await startService({
  name: 'messaging',
  config: loadMessagingConfig,
  setup: async (service) => {
    const { config } = service;
    const ctx = await createMessagingContext({ ...service, messagesPerMinute: config.MESSAGES_PER_MINUTE });
    consumeMessagingEvents(service.bus, ctx);
    const notifications = createNotificationQueue({
      redis: service.redis,
      prefix: config.BULLMQ_PREFIX,
      logger: service.logger,
    });
    ctx.onMessageStored.push(
      createOfflineNudge(ctx, {
        notifications,
        intervalMs: config.NUDGE_INTERVAL_MINUTES * 60_000,
        publicUrl: config.PUBLIC_URL,
      }),
    );
    return {
      app: buildApp(ctx),
      steps: [{ name: 'notifications queue', run: () => notifications.close() }],
      attach: (server) => {
        const sockets = attachSocketServer(ctx, server, { stream: config.SOCKET_STREAM });
        return [{ name: 'socket.io', run: () => sockets.close() }];
      },
    };
  },
});
