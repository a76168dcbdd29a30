import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadMessagingConfig, vapidOf } from './config';
import { createMessagingContext } from './context';
import { createOfflineNudge } from './domain/nudge-offline-recipient';
import { createOfflinePush } from './domain/push-offline-recipient';
import { startPushWorker, webPushSender } from './jobs/push-sender';
import { consumeMessagingEvents } from './events/consume';
import { startExchangeTimerWorker } from './jobs/exchange-timers';
import { attachSocketServer } from './realtime/socket-server';
import { announceUnversionedSettings } from './domain/update-messaging-settings';

await startService({
  name: 'messaging',
  config: loadMessagingConfig,
  setup: async (service) => {
    const { config } = service;
    const vapid = vapidOf(config);
    const ctx = await createMessagingContext({
      ...service,
      pushConfig: vapid && { vapid, allowedHosts: config.PUSH_ALLOWED_HOSTS },
      messagesPerMinute: config.MESSAGES_PER_MINUTE,
      bullmqPrefix: config.BULLMQ_PREFIX,
      publicUrl: config.PUBLIC_URL,
    });
    consumeMessagingEvents(service.bus, ctx);
    // Once after the deploy that started announcing settings; later start-ups find nothing to do.
    void announceUnversionedSettings(ctx).then(
      (count) =>
        count > 0 && service.logger.info({ count }, 'announced settings changed before announcements'),
      (error: unknown) =>
        service.logger.error({ err: error }, 'settings not announced; the next start-up retries'),
    );
    ctx.onMessageStored.push(
      createOfflineNudge(ctx, {
        notifications: ctx.notifications,
        intervalMs: config.NUDGE_INTERVAL_MINUTES * 60_000,
        publicUrl: config.PUBLIC_URL,
      }),
    );
    ctx.onMessageStored.push(createOfflinePush(ctx));
    const pushes = startPushWorker(ctx, {
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      logger: service.logger,
      send: vapid ? webPushSender(vapid) : () => Promise.reject(new Error('web push is off')),
    });
    if (!vapid)
      service.logger.info('web push is off: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT unset');
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
        { name: 'push worker', run: () => pushes.close() },
        { name: 'push queue', run: () => ctx.push.close() },
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
