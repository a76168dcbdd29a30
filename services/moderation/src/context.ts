import type { Connection } from 'mongoose';
import type { AuthMiddleware } from '@nomadswap/service-kit/auth';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { NotificationQueue } from '@nomadswap/service-kit/notifications';
import { createRateLimiter, type RateLimiter } from '@nomadswap/service-kit/rate-limit';
import type { Redis } from '@nomadswap/service-kit/redis';
import { auditEntryModel, type AuditEntryModel } from './data/audit-entry';
import { completedExchangeModel, type CompletedExchangeModel } from './data/completed-exchange';
import { contactMessageModel, type ContactMessageModel } from './data/contact-message';
import { moderationItemModel, type ModerationItemModel } from './data/moderation-item';
import { moderationUserModel, type ModerationUserModel } from './data/moderation-user';
import { reportModel, type ReportModel } from './data/report';
import { revealLegacyReviews, reviewModel, type ReviewModel } from './data/review';
import { safetySignalModel, type SafetySignalModel } from './data/safety-signal';

/** Everything the moderation use-cases and routes need. */
export interface ModerationContext {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  bus: EventBus;
  auth: AuthMiddleware;
  users: ModerationUserModel;
  items: ModerationItemModel;
  exchanges: CompletedExchangeModel;
  reviews: ReviewModel;
  reports: ReportModel;
  contactMessages: ContactMessageModel;
  auditLog: AuditEntryModel;
  /** Messages that carried a safety warning (issue 26), counted per sender. */
  safetySignals: SafetySignalModel;
  /** The producer side of the shared `notifications` queue. */
  notifications: Pick<NotificationQueue, 'enqueue'>;
  /** Public address of the web app for links in e-mails, when configured. */
  publicUrl?: string;
  reportLimiter: RateLimiter;
  contactLimiter: RateLimiter;
  /** The time now: when reviews show (14 days after an exchange completed). Tests set it. */
  clock: () => Date;
}

export interface CreateModerationContextOptions {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  bus: EventBus;
  auth: AuthMiddleware;
  notifications: Pick<NotificationQueue, 'enqueue'>;
  publicUrl?: string;
  /** Prefix of this service's Redis keys (empty in production; tests isolate themselves with one). */
  keyPrefix?: string;
  reportsPerHour?: number;
  contactMessagesPerHour?: number;
  /** Defaults to the system clock. */
  clock?: () => Date;
}

/** Builds the context and waits until the indexes exist (the unique review index guards once-per-exchange). */
export async function createModerationContext(
  options: CreateModerationContextOptions,
): Promise<ModerationContext> {
  const keyPrefix = options.keyPrefix ?? '';
  const { mongo, redis } = options;
  const ctx: ModerationContext = {
    logger: options.logger,
    mongo,
    redis,
    bus: options.bus,
    auth: options.auth,
    users: moderationUserModel(mongo),
    items: moderationItemModel(mongo),
    exchanges: completedExchangeModel(mongo),
    reviews: reviewModel(mongo),
    reports: reportModel(mongo),
    contactMessages: contactMessageModel(mongo),
    auditLog: auditEntryModel(mongo),
    safetySignals: safetySignalModel(mongo),
    notifications: options.notifications,
    publicUrl: options.publicUrl,
    reportLimiter: createRateLimiter({
      redis,
      keyPrefix: `${keyPrefix}rl:reports`,
      points: options.reportsPerHour ?? 10,
      durationSeconds: 3600,
    }),
    contactLimiter: createRateLimiter({
      redis,
      keyPrefix: `${keyPrefix}rl:contact`,
      points: options.contactMessagesPerHour ?? 5,
      durationSeconds: 3600,
    }),
    clock: options.clock ?? (() => new Date()),
  };
  await Promise.all(
    [
      ctx.users,
      ctx.items,
      ctx.exchanges,
      ctx.reviews,
      ctx.reports,
      ctx.contactMessages,
      ctx.auditLog,
      ctx.safetySignals,
    ].map((model) => (model as { init(): Promise<unknown> }).init()),
  );
  await revealLegacyReviews(ctx.reviews);
  return ctx;
}
