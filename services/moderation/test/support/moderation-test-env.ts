import type { Express } from 'express';
import type { EventEnvelope, EventType } from '@nomadswap/contracts/events';
import type { EventBus } from '@nomadswap/service-kit/events';
import {
  createNotificationQueue,
  type NotificationMail,
  type NotificationQueue,
} from '@nomadswap/service-kit/notifications';
import { createTestStores, newId, type TestSession, type TestStores } from '@nomadswap/service-kit/testing';
import { buildApp } from '../../src/app';
import { createModerationContext, type ModerationContext } from '../../src/context';
import { applyItemSnapshot } from '../../src/domain/apply-item-events';
import { applyUserSnapshot } from '../../src/domain/apply-user-events';
import { recordCompletedExchange } from '../../src/domain/record-completed-exchange';

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
  user(options?: { isApproved?: boolean; role?: 'user' | 'admin'; fullName?: string }): Promise<TestUser>;
  /** An item known to moderation through its projection. */
  item(options: { ownerId: string; title?: string }): Promise<string>;
  /** A completed exchange between the two, as messaging's event announces it (applied directly). */
  exchange(requester: { id: string }, owner: { id: string }, itemId?: string): Promise<string>;
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
  const notifications = createNotificationQueue({ redis: stores.redis, prefix: `${stores.keyPrefix}bull` });
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
  });
  let version = 0;

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
        version: ++version,
      });
      return { ...session, fullName, username, email: `${username}@example.test` };
    },
    async item({ ownerId, title = 'Tent' }) {
      const id = newId();
      await applyItemSnapshot(ctx, { id, userId: ownerId, title, image: null, isSwapped: false, version: 1 });
      return id;
    },
    async exchange(requester, owner, itemId) {
      const id = newId();
      await recordCompletedExchange(ctx, {
        id,
        requesterId: requester.id,
        ownerId: owner.id,
        itemId: itemId ?? null,
        completedAt: new Date().toISOString(),
      });
      return id;
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
      await bus.stop().catch(() => undefined);
      await notifications.close();
      await stores.close();
    },
  };
}
