import fs from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { EventEnvelope, EventType } from '@nomadswap/contracts/events';
import type { EventBus, EventBusOptions } from '@nomadswap/service-kit/events';
import { createTestStores, type TestStores } from '@nomadswap/service-kit/testing';
import { buildApp } from '../../src/app';
import { createAuthContext, type AuthContext, type AuthSettings } from '../../src/context';
import { sanctionModel, type SanctionModel } from '../../src/data/sanction-model';
import { userModel, type UserModel } from '../../src/data/user-model';
import { createMailer } from '@nomadswap/service-kit/mailer';
import { startNotificationWorker } from '@nomadswap/service-kit/notifications';
import type { RunningWorker } from '@nomadswap/service-kit/queues';
import { startAvatarWorker } from '../../src/jobs/avatar-worker';
import { recordResponses, recording } from './record-responses';

export interface AuthTestEnv {
  stores: TestStores;
  ctx: AuthContext;
  /** The models under the repositories, for tests to arrange and check what is stored. */
  models: { users: UserModel; sanctions: SanctionModel };
  /** The app (recording its responses for the password-hash scan, which then expects some). */
  app: RequestListener;
  /** The bus the app publishes on (this test's stream); started only with `consumeEvents`. */
  bus: EventBus;
  queuePrefix: string;
  outboxDir: string;
  /** Every event on this test's stream so far, oldest first. */
  events<T extends EventType>(type?: T): Promise<EventEnvelope<T>[]>;
  close(): Promise<void>;
}

export interface AuthTestEnvOptions {
  settings?: Partial<AuthSettings>;
  /** Run the avatar and notification processors in-process (default true). */
  workers?: boolean;
  /** Start consuming events with the service's handlers (default false). */
  consumeEvents?: (ctx: AuthContext, bus: EventBus) => void;
  /**
   * Another service's test stores to share sessions and events with, as the real services share them: auth
   * signs its tokens and writes user states there, and publishes on that stream (whole-stack tests).
   */
  shareWith?: TestStores;
  /** Overrides for the bus (e.g. its own Redis and stream, to take the event store away mid-test). */
  bus?: Partial<EventBusOptions>;
  /** The clock sanctions start and end by (issue 26); the test moves it. */
  now?: () => Date;
}

/**
 * The auth service in-process on this test's stores: its own database, stream, Redis prefix and BullMQ
 * prefix, the workers running as src/worker.ts runs them, and a temporary DATA_DIR for the outbox.
 */
export async function createAuthTestEnv(options: AuthTestEnvOptions = {}): Promise<AuthTestEnv> {
  const stores = await createTestStores({ service: 'auth', now: options.now });
  const sessions = options.shareWith ?? stores;
  // Shared stores: auth's outbox lives in the shared test database, beside the other service's (a test-only
  // arrangement; in production each service has its own database and outbox).
  const bus = sessions.serviceBus('auth', options.bus);
  const queuePrefix = `${stores.keyPrefix}bull`;
  const ctx = await createAuthContext({
    logger: stores.logger,
    mongo: stores.mongo,
    redis: stores.redis,
    redisUrl: stores.redisUrl,
    bus,
    tokens: sessions.tokens,
    userState: sessions.userState,
    auth: sessions.auth,
    queuePrefix,
    keyPrefix: stores.keyPrefix,
    // Suites register many users from one address; the limit has its own test.
    settings: { registerLimitPerHour: 10_000, ...options.settings },
    now: options.now,
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadswap-auth-test-'));
  const outboxDir = path.join(dataDir, 'outbox');

  const workers: Pick<RunningWorker, 'close'>[] = [];
  if (options.workers !== false) {
    const avatars = startAvatarWorker({
      core: ctx,
      redisUrl: stores.redisUrl,
      prefix: queuePrefix,
      concurrency: 2,
    });
    const notifications = startNotificationWorker({
      logger: ctx.logger,
      mailer: createMailer({ outboxDir, from: 'NomadSwap <no-reply@nomadswap.example>' }),
      redisUrl: stores.redisUrl,
      prefix: queuePrefix,
    });
    workers.push(avatars, notifications);
    await Promise.all([avatars.worker.waitUntilReady(), notifications.worker.waitUntilReady()]);
  }
  if (options.consumeEvents) {
    options.consumeEvents(ctx, bus);
    await bus.start();
  }

  const app = recordResponses(buildApp(ctx));
  return {
    stores,
    ctx,
    models: { users: userModel(stores.mongo), sanctions: sanctionModel(stores.mongo) },
    get app() {
      recording.uses += 1;
      return app;
    },
    bus,
    queuePrefix,
    outboxDir,
    events: (type) => sessions.events(type),
    async close() {
      for (const running of workers) await running.close();
      await bus.stop();
      await ctx.queues.close();
      await stores.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
