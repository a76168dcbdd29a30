import type { Express } from 'express';
import type { EventEnvelope, EventType } from '@nomadswap/contracts/events';
import type { EventBus } from '@nomadswap/service-kit/events';
import {
  createNotificationQueue,
  type NotificationMail,
  type NotificationQueue,
} from '@nomadswap/service-kit/notifications';
import { createQueueListener } from '@nomadswap/service-kit/queues';
import {
  buildExchangeEvent,
  createTestStores,
  newId,
  type TestSession,
  type TestStores,
} from '@nomadswap/service-kit/testing';
import { buildApp } from '../../src/app';
import { createModerationContext, type ModerationContext } from '../../src/context';
import { applyItemSnapshot } from '../../src/domain/apply-item-events';
import { applyUserSnapshot } from '../../src/domain/apply-user-events';
import type { Language } from '@nomadswap/contracts/enums';
import { recordCompletedExchange } from '../../src/domain/record-completed-exchange';
import { REVIEW_REVEAL_QUEUE, startReviewRevealer } from '../../src/jobs/review-reveals';

export interface TestUser extends TestSession {
  fullName: string;
  username: string;
  /** `<username>@example.test`, as auth's user events carry it. */
  email: string;
}

export interface ModerationTestEnv {
  stores: TestStores;
  ctx: ModerationContext;
  app: Express;
  bus: EventBus;
  notifications: NotificationQueue;
  /** A signed-in user that auth has announced (user state in Redis + moderation's projection). */
  user(options?: {
    isApproved?: boolean;
    role?: 'user' | 'admin';
    fullName?: string;
    language?: Language | null;
  }): Promise<TestUser>;
  /** An item known to moderation through its projection. */
  item(options: { ownerId: string; title?: string }): Promise<string>;
  /** A completed exchange between the two, as messaging's event announces it (applied directly). */
  exchange(
    requester: { id: string },
    owner: { id: string },
    itemId?: string,
    options?: { completedAt?: Date },
  ): Promise<string>;
  /** Sets the service's clock (null: the system clock again). */
  setNow(now: Date | null): void;
  /** Starts the reveal sweeper as the server runs it (on the service's clock); `run()` sweeps once, now. */
  startRevealer(): Promise<{ run(): Promise<number>; close(): Promise<void> }>;
  /** Every event on this test's stream so far, oldest first. */
  events<T extends EventType>(type?: T): Promise<EventEnvelope<T>[]>;
  /** Every e-mail put on this test's notifications queue, oldest first. */
  mails(): Promise<NotificationMail[]>;
  close(): Promise<void>;
}

export async function createModerationTestEnv(
  options: { reportsPerHour?: number; contactMessagesPerHour?: number } = {},
): Promise<ModerationTestEnv> {
  const stores = await createTestStores({ service: 'moderation' });
  const bus = stores.serviceBus('moderation');
  const prefix = `${stores.keyPrefix}bull`;
  const notifications = createNotificationQueue({ redis: stores.redis, prefix });
  await notifications.ready();
  const ctx = await createModerationContext({
    logger: stores.logger,
    mongo: stores.mongo,
    redis: stores.redis,
    bus,
    auth: stores.auth,
    notifications,
    publicUrl: 'https://nomadswap.example',
    keyPrefix: stores.keyPrefix,
    reportsPerHour: options.reportsPerHour ?? 1_000,
    contactMessagesPerHour: options.contactMessagesPerHour ?? 1_000,
    clock: () => now ?? new Date(),
  });
  let now: Date | null = null;
  let version = 0;
  const closing: (() => Promise<void>)[] = [];

  return {
    stores,
    ctx,
    app: buildApp(ctx),
    bus,
    notifications,
    async user(userOptions = {}) {
      const session = await stores.signIn({
        isApproved: userOptions.isApproved ?? true,
        role: userOptions.role ?? 'user',
      });
      const username = `user${session.id.slice(-6)}`;
      const fullName = userOptions.fullName ?? `User ${session.id.slice(-6)}`;
      await applyUserSnapshot(ctx, {
        id: session.id,
        username,
        fullName,
        avatar: null,
        location: 'Lisbon',
        rating: 0,
        reviewCount: 0,
        isApproved: session.isApproved,
        role: session.role,
        email: `${username}@example.test`,
        language: userOptions.language ?? null,
        version: ++version,
      });
      return { ...session, fullName, username, email: `${username}@example.test` };
    },
    async item({ ownerId, title = 'Tent' }) {
      const id = newId();
      await applyItemSnapshot(ctx, { id, userId: ownerId, title, image: null, isSwapped: false, version: 1 });
      return id;
    },
    async exchange(requester, owner, itemId, exchangeOptions = {}) {
      const completedAt = (exchangeOptions.completedAt ?? ctx.clock()).toISOString();
      const exchange = buildExchangeEvent({
        requesterId: requester.id,
        ownerId: owner.id,
        itemId: itemId ?? null,
        completedAt,
        acceptedAt: completedAt,
      });
      await recordCompletedExchange(ctx, exchange);
      return exchange.id;
    },
    setNow(date) {
      now = date;
    },
    async startRevealer() {
      const revealer = await startReviewRevealer({
        ctx,
        redis: stores.redis,
        redisUrl: stores.redisUrl,
        prefix,
        logger: stores.logger,
        // Only the sweeps a test asks for (and the schedule's first).
        everyMs: 3_600_000,
      });
      const listener = createQueueListener(REVIEW_REVEAL_QUEUE, {
        redisUrl: stores.redisUrl,
        prefix,
        connectionName: 'moderation-test-review-reveals',
      });
      await listener.ready();
      const close = async () => {
        await revealer.close();
        await listener.close();
        await revealer.queue.obliterate({ force: true }).catch(() => undefined);
      };
      closing.push(close);
      return {
        async run() {
          const job = await revealer.queue.add('reveal', {});
          return (await job.waitUntilFinished(listener.events, 10_000)) as number;
        },
        close,
      };
    },
    async events<T extends EventType>(type?: T) {
      const entries = (await stores.redis.xrange(stores.stream, '-', '+')) as [string, string[]][];
      return entries
        .map(([, fields]) => JSON.parse(fields[fields.indexOf('envelope') + 1]!) as EventEnvelope<T>)
        .filter((envelope) => !type || envelope.type === type);
    },
    async mails() {
      const jobs = await notifications.queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      return jobs.sort((a, b) => a.timestamp - b.timestamp).map((job) => job.data);
    },
    async close() {
      for (const close of closing) await close();
      await bus.stop().catch(() => undefined);
      await notifications.close();
      await stores.close();
    },
  };
}
