import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadMessagingConfig } from './config';
import { createMessagingContext } from './context';
import { createOfflineNudge } from './domain/nudge-offline-recipient';
import { consumeMessagingEvents } from './events/consume';
import { startExchangeTimerWorker } from './jobs/exchange-timers';
import { attachSocketServer } from './realtime/socket-server';

await startService({
  name: 'messaging',
  config: loadMessagingConfig,
  setup: async (service) => {
    const { config } = service;
    const ctx = await createMessagingContext({
      ...service,
      messagesPerMinute: config.MESSAGES_PER_MINUTE,
      bullmqPrefix: config.BULLMQ_PREFIX,
      publicUrl: config.PUBLIC_URL,
    });
    consumeMessagingEvents(service.bus, ctx);
    ctx.onMessageStored.push(
      createOfflineNudge(ctx, {
        notifications: ctx.notifications,
        intervalMs: config.NUDGE_INTERVAL_MINUTES * 60_000,
        publicUrl: config.PUBLIC_URL,
      }),
    );
    const timers = startExchangeTimerWorker(ctx, {
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      logger: service.logger,
    });
    return {
      app: buildApp(ctx),
      steps: [
        { name: 'exchange timers worker', run: () => timers.close() },
        { name: 'exchange timers queue', run: () => ctx.timers.close() },
        { name: 'notifications queue', run: () => ctx.notifications.close() },
      ],
      attach: (server) => {
        const sockets = attachSocketServer(ctx, server, {
          stream: config.SOCKET_STREAM,
          maxSocketsPerUser: config.SOCKET_MAX_PER_USER,
        });
        return [{ name: 'socket.io', run: () => sockets.close() }];
      },
    };
  },
});
