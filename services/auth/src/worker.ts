import sharp from 'sharp';
import { createServiceApp } from '@nomadswap/service-kit/app';
import { mailerFromConfig, startNotificationWorker } from '@nomadswap/service-kit/notifications';
import { startService } from '@nomadswap/service-kit/service';
import { loadAuthConfig } from './config';
import { createAuthCore } from './context';
import { startAvatarWorker } from './jobs/avatar-worker';

// One image at a time per job and no decoded-image cache: memory stays bounded by AVATAR_CONCURRENCY.
sharp.cache(false);
sharp.concurrency(1);

/**
 * The auth worker process: avatar processing and notification e-mails (BullMQ). It publishes user.updated but
 * consumes no events (the API process does). Its /healthz reports MongoDB and Redis like the service's.
 */
await startService({
  name: 'auth-worker',
  config: loadAuthConfig,
  consumeEvents: false,
  setup: (service) => {
    const { config, logger } = service;
    const core = createAuthCore(service);
    const mailer = mailerFromConfig(config);
    const avatars = startAvatarWorker({
      core,
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      concurrency: config.AVATAR_CONCURRENCY,
    });
    // The shared queue: e-mail any service enqueued (auth's approvals today) goes out from here.
    const notifications = startNotificationWorker({
      mailer,
      redisUrl: config.REDIS_URL,
      prefix: config.BULLMQ_PREFIX,
      logger,
      name: 'auth-notification-worker',
    });
    logger.info(
      { avatarConcurrency: config.AVATAR_CONCURRENCY, mail: config.SMTP_URL ? 'smtp' : 'outbox' },
      `auth worker processing avatars and notifications (e-mail to ${mailer.destination})`,
    );
    const app = createServiceApp({
      name: 'auth-worker',
      logger,
      health: { mongo: service.mongo, redis: service.redis },
    });
    return {
      app,
      steps: [
        { name: 'avatar worker', run: () => avatars.close() },
        { name: 'notification worker', run: () => notifications.close() },
      ],
    };
  },
});
