import type { Connection } from 'mongoose';
import type { AuthMiddleware } from '@nomadswap/service-kit/auth';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { Redis } from '@nomadswap/service-kit/redis';
import { alertMatchModel, alertModel, type AlertMatchModel, type AlertModel } from './data/alert';
import { favoriteModel, type FavoriteModel } from './data/favorite';
import { createImageFiles, type ImageFiles } from './data/image-files';
import { itemModel, type ItemModel } from './data/item';
import { itemExchangeModel, type ItemExchangeModel } from './data/item-exchange';
import { ownerModel, type OwnerModel } from './data/owner';
import { createListingCache, type ListingCache } from './data/listing-cache';
import { registerItemEventBuilders } from './events/publish-item-events';
import {
  createAlertDigestQueue,
  createDeadlineQueue,
  createItemQueues,
  type AlertDigestQueue,
  type DeadlineQueue,
  type ItemQueues,
} from './jobs/queues';
import { createNotificationQueue, type NotificationQueue } from '@nomadswap/service-kit/notifications';
import { createPushQueue, type PushQueue } from '@nomadswap/service-kit/push';

/** What the API and the worker processes both use: the data and the event bus (publishing only). */
export interface ItemsCore {
  logger: Logger;
  mongo: Connection;
  bus: EventBus;
  redis: Redis;
  items: ItemModel;
  owners: OwnerModel;
  favorites: FavoriteModel;
  /** City alerts and the items queued for them (issue 22). */
  alerts: AlertModel;
  alertMatches: AlertMatchModel;
  /** Exchanges that name items (messaging's exchange.* events): what reserves an item and what swapped it. */
  exchanges: ItemExchangeModel;
  files: ImageFiles;
  /** Browse results, valid until the next write that changes listings (the item and owner models invalidate it). */
  listings: ListingCache;
  /** The clock of listing deadlines (issue 22); tests set it instead of waiting. */
  now: () => Date;
}

export interface ItemsSettings {
  /** How long item writes wait for their image jobs (0: do not wait). */
  imageWaitMs: number;
}

export const DEFAULT_SETTINGS: ItemsSettings = { imageWaitMs: 5_000 };

/** Everything the API's use-cases need. */
export interface ItemsContext extends ItemsCore {
  auth: AuthMiddleware;
  queues: ItemQueues;
  settings: ItemsSettings;
  /** Delayed jobs of listing deadlines: the expiry and the owner's reminders (src/domain/item-deadlines.ts). */
  deadlines: DeadlineQueue;
  /** Delayed digests of the city alerts, at most one a day per alert (src/domain/alert-digests.ts). */
  alertDigests: AlertDigestQueue;
  /** The kit's e-mail queue (the deadline reminders, the alert digests). */
  notifications: NotificationQueue;
  /** The kit's push queue (the deadline reminders as pushes; messaging's worker sends them). */
  push: PushQueue;
  /** Public address of the web app, linked from e-mails when set. */
  publicUrl?: string;
}

export function createItemsCore(deps: {
  logger: Logger;
  mongo: Connection;
  bus: EventBus;
  redis: Redis;
  /** Prefix of this service's Redis keys (empty in production; tests isolate themselves with one). */
  keyPrefix?: string;
  now?: () => Date;
}): ItemsCore {
  // Every items process's relay can rebuild the item events whose process died before publishing them.
  registerItemEventBuilders(deps.bus);
  const now = deps.now ?? (() => new Date());
  return {
    logger: deps.logger,
    mongo: deps.mongo,
    bus: deps.bus,
    redis: deps.redis,
    items: itemModel(deps.mongo),
    owners: ownerModel(deps.mongo),
    favorites: favoriteModel(deps.mongo),
    alerts: alertModel(deps.mongo),
    alertMatches: alertMatchModel(deps.mongo),
    exchanges: itemExchangeModel(deps.mongo),
    files: createImageFiles(deps.mongo),
    listings: createListingCache({
      redis: deps.redis,
      connection: deps.mongo,
      keyPrefix: deps.keyPrefix,
      logger: deps.logger,
      // A suspension ends by the clock (issue 26): a cached page is at most 30 s behind on the same clock.
      now: () => now().getTime(),
    }),
    now,
  };
}

/** Creates the indexes of the items database (the unique favourite index must exist before any request). */
export async function initItemsStorage(core: ItemsCore): Promise<void> {
  await Promise.all([
    core.items.init(),
    core.owners.init(),
    core.favorites.init(),
    core.alerts.init(),
    core.alertMatches.init(),
    core.exchanges.init(),
    core.files.init(),
  ]);
}

export interface CreateItemsContextOptions {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  redisUrl: string;
  bus: EventBus;
  auth: AuthMiddleware;
  queuePrefix: string;
  keyPrefix?: string;
  settings?: Partial<ItemsSettings>;
  publicUrl?: string;
  now?: () => Date;
}

/** Builds the API's context and waits until it can serve: indexes exist and the queue is connected. */
export async function createItemsContext(options: CreateItemsContextOptions): Promise<ItemsContext> {
  const core = createItemsCore(options);
  const queues = createItemQueues({
    redis: options.redis,
    redisUrl: options.redisUrl,
    prefix: options.queuePrefix,
    logger: options.logger,
  });
  const connection = { redis: options.redis, prefix: options.queuePrefix, logger: options.logger };
  const deadlines = createDeadlineQueue(connection);
  const alertDigests = createAlertDigestQueue(connection);
  const notifications = createNotificationQueue(connection);
  const push = createPushQueue(connection);
  const closeQueues = async () => {
    await Promise.all([
      queues.close(),
      deadlines.close(),
      alertDigests.close(),
      notifications.close(),
      push.close(),
    ]);
  };
  try {
    await Promise.all([
      initItemsStorage(core),
      queues.ready(),
      deadlines.waitUntilReady(),
      alertDigests.waitUntilReady(),
      notifications.ready(),
    ]);
  } catch (error) {
    await closeQueues().catch(() => undefined);
    throw error;
  }
  return {
    ...core,
    auth: options.auth,
    queues: { ...queues, close: closeQueues },
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    deadlines,
    alertDigests,
    notifications,
    push,
    publicUrl: options.publicUrl,
  };
}
