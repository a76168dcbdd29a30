import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { SERVICES, findRoute, type ServiceName } from '@nomadswap/contracts/routes';
import type { EventBus } from '@nomadswap/service-kit/events';
import { connectMongo } from '@nomadswap/service-kit/mongo';
import { createNotificationQueue, type NotificationQueue } from '@nomadswap/service-kit/notifications';
import type { RunningWorker } from '@nomadswap/service-kit/queues';
import { createTestStores, type TestStores } from '@nomadswap/service-kit/testing';
import { buildApp as buildAuthApp } from '@nomadswap/auth/app';
import { createAuthContext, type AuthContext } from '@nomadswap/auth/context';
import { consumeAuthEvents } from '@nomadswap/auth/events/consume';
import { startAvatarWorker } from '@nomadswap/auth/jobs/avatar-worker';
import { buildApp as buildItemsApp } from '@nomadswap/items/app';
import { createItemsContext, type ItemsContext } from '@nomadswap/items/context';
import { consumeItemsEvents } from '@nomadswap/items/events/consume';
import { startImageWorker } from '@nomadswap/items/jobs/image-worker';
import { buildApp as buildMessagingApp } from '@nomadswap/messaging/app';
import webpush from 'web-push';
import { createMessagingContext, type MessagingContext } from '@nomadswap/messaging/context';
import { consumeMessagingEvents } from '@nomadswap/messaging/events/consume';
import { buildApp as buildModerationApp } from '@nomadswap/moderation/app';
import { createModerationContext, type ModerationContext } from '@nomadswap/moderation/context';
import { consumeModerationEvents } from '@nomadswap/moderation/events/consume';

/** The four services' real apps in-process, sharing one Redis prefix, one event stream and one JWT secret. */
export interface ApiStack {
  stores: TestStores;
  apps: Record<ServiceName, Express>;
  ctx: { auth: AuthContext; items: ItemsContext; messaging: MessagingContext; moderation: ModerationContext };
  /**
   * One request listener for the whole `/api`: each request goes to the service the gateway's route table
   * (shared/contracts/src/routes.ts) names, exactly as the gateway would send it; anything else is a JSON 404.
   */
  api: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

const BUS_TIMINGS = { blockMs: 200, claimIntervalMs: 200, claimIdleMs: 500 };

/**
 * Starts auth, items, messaging and moderation as their server.ts files do (contexts, event consumers, the
 * avatar and image workers), each on its own database of the run's embedded engine and all on the run's real
 * Redis. Limits that would stop a suite sending hundreds of requests from one address are raised.
 */
export async function startApiStack(options: { now?: () => Date } = {}): Promise<ApiStack> {
  const { now } = options;
  const stores = await createTestStores({ service: 'api', now });
  const { logger, redis, redisUrl, keyPrefix } = stores;
  const dbs: Connection[] = [];
  const db = async (service: ServiceName) => {
    const connection = await connectMongo({
      url: stores.mongoUrl,
      dbName: `${stores.dbName}_${service}`,
      logger,
    });
    dbs.push(connection);
    return connection;
  };
  const buses: EventBus[] = [];
  const bus = (service: ServiceName) => {
    const created = stores.createBus(service, BUS_TIMINGS);
    buses.push(created);
    return created;
  };
  const queuePrefix = `${keyPrefix}bull`;
  const authSettings = {
    registerLimitPerHour: 1_000_000,
    loginMaxFailures: 1_000_000,
    avatarWaitMs: 10_000,
  };

  const auth = await createAuthContext({
    logger,
    mongo: await db('auth'),
    redis,
    redisUrl,
    bus: bus('auth'),
    tokens: stores.tokens,
    userState: stores.userState,
    auth: stores.auth,
    queuePrefix,
    keyPrefix,
    settings: authSettings,
    now,
  });
  const items = await createItemsContext({
    logger,
    mongo: await db('items'),
    redis,
    redisUrl,
    bus: bus('items'),
    auth: stores.auth,
    queuePrefix,
    keyPrefix,
    settings: { imageWaitMs: 10_000 },
    now,
  });
  const messaging = await createMessagingContext({
    logger,
    mongo: await db('messaging'),
    redis,
    bus: bus('messaging'),
    auth: stores.auth,
    tokens: stores.tokens,
    userState: stores.userState,
    keyPrefix,
    messagesPerMinute: 1_000_000,
    now,
    // Push on, as `npm start` runs it; nothing is sent (no push worker here), the routes answer as deployed.
    pushConfig: {
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@nomadswap.example' },
      allowedHosts: [],
    },
  });
  const notifications: NotificationQueue = createNotificationQueue({ redis, prefix: queuePrefix });
  await notifications.ready();
  const moderation = await createModerationContext({
    logger,
    mongo: await db('moderation'),
    redis,
    bus: bus('moderation'),
    auth: stores.auth,
    notifications,
    keyPrefix,
    reportsPerHour: 1_000_000,
    contactMessagesPerHour: 1_000_000,
  });

  const workers: Pick<RunningWorker, 'close'>[] = [];
  const avatars = startAvatarWorker({ core: auth, redisUrl, prefix: queuePrefix, concurrency: 2 });
  const images = startImageWorker({ core: items, redisUrl, prefix: queuePrefix, concurrency: 2 });
  workers.push(avatars, images);
  await Promise.all([avatars.worker.waitUntilReady(), images.worker.waitUntilReady()]);

  consumeAuthEvents(buses[0]!, auth);
  consumeItemsEvents(buses[1]!, items);
  consumeMessagingEvents(buses[2]!, messaging);
  consumeModerationEvents(buses[3]!, moderation);
  await Promise.all(buses.map((b) => b.start()));

  const apps: Record<ServiceName, Express> = {
    auth: buildAuthApp(auth),
    items: buildItemsApp(items),
    messaging: buildMessagingApp(messaging),
    moderation: buildModerationApp(moderation),
  };

  const api = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const rule = findRoute(path);
    if (!rule) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    apps[rule.service](req, res);
  };

  return {
    stores,
    apps,
    ctx: { auth, items, messaging, moderation },
    api,
    async close() {
      for (const running of workers) await running.close().catch(() => undefined);
      for (const b of buses) await b.stop().catch(() => undefined);
      await auth.queues.close().catch(() => undefined);
      await items.queues.close().catch(() => undefined);
      await notifications.close().catch(() => undefined);
      await messaging.push.close().catch(() => undefined);
      for (const connection of dbs) {
        await connection.dropDatabase().catch(() => undefined);
        await connection.close().catch(() => undefined);
      }
      await stores.close();
    },
  };
}

export { SERVICES };
