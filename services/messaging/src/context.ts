import type { Connection } from 'mongoose';
import type { AuthMiddleware, TokenService, UserStateStore } from '@nomadswap/service-kit/auth';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { Logger } from '@nomadswap/service-kit/logger';
import { createRateLimiter, type RateLimiter } from '@nomadswap/service-kit/rate-limit';
import type { Redis } from '@nomadswap/service-kit/redis';
import { blockModel, type BlockModel } from './data/block';
import { chatItemModel, type ChatItemModel } from './data/chat-item';
import { chatUserModel, type ChatUserModel } from './data/chat-user';
import { createChatStateCache, type ChatStateCache } from './data/chat-state-cache';
import { conversationModel, type ConversationModel } from './data/conversation';
import { exchangeModel, type ExchangeModel } from './data/exchange';
import { messageModel, type MessageModel } from './data/message';
import { messagingSettingsModel, type MessagingSettingsModel } from './data/messaging-settings';
import type { Message } from '@nomadswap/contracts/responses';
import { createLiveChannel, type LiveChannel } from './realtime/live';
import { createPresenceStore, type PresenceStore } from './realtime/presence';
import { createConnectionSlots, type ConnectionSlots } from './realtime/connection-slots';
import type { Queue } from 'bullmq';
import { createQueue } from '@nomadswap/service-kit/queues';
import { createNotificationQueue, type NotificationQueue } from '@nomadswap/service-kit/notifications';
import { createPushQueue, type PushQueue } from '@nomadswap/service-kit/push';
import { EXCHANGE_TIMER_QUEUE, type ExchangeTimerJob } from './domain/exchange-timers';
import { pushSubscriptionModel, type PushSubscriptionModel } from './data/push-subscription';
import type { VapidDetails } from './config';
import { registerSettingsEventBuilder } from './events/publish-settings-events';

/** Web push is on when the server has VAPID keys (issue 23). */
export interface PushConfig {
  vapid: VapidDetails;
  /** `host:port` of push services accepted besides the browsers' (PUSH_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

/** What the send already knows when its hooks run: the receiver's presence, when it was read in the send's round. */
export interface MessageStoredFacts {
  receiverOnline?: boolean;
}

/** Called (not awaited) after a new message is stored and emitted: the offline e-mail nudge hooks in here. */
export type MessageStoredHook = (message: Message, facts?: MessageStoredFacts) => Promise<unknown>;

/** Everything the messaging use-cases, routes and socket handlers need. */
export interface MessagingContext {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  bus: EventBus;
  auth: AuthMiddleware;
  /** The kit's token service: its revocation denylist decides when a socket's token stops being good. */
  tokens: TokenService;
  userState: UserStateStore;
  /** Prefix of this service's Redis keys (empty in production; tests isolate themselves with one). */
  keyPrefix: string;
  messages: MessageModel;
  conversations: ConversationModel;
  users: ChatUserModel;
  items: ChatItemModel;
  blocks: BlockModel;
  exchanges: ExchangeModel;
  settings: MessagingSettingsModel;
  /** One row per device with push on. */
  pushSubscriptions: PushSubscriptionModel;
  /** The kit's `push` queue (messages, swap steps, reminders); messaging's push worker sends its jobs. */
  push: PushQueue;
  /** Undefined: push is off (no VAPID keys) and nothing is enqueued. */
  pushConfig?: PushConfig;
  /** 60 messages per minute per sender by default (MESSAGES_PER_MINUTE). */
  sendLimiter: RateLimiter;
  live: LiveChannel;
  /** This replica's cache of what a send checks about each participant, validated by versions in Redis. */
  chatState: ChatStateCache;
  presence: PresenceStore;
  /** The sockets each user holds open, over every replica (capped at the handshake). */
  connectionSlots: ConnectionSlots;
  onMessageStored: MessageStoredHook[];
  /** The clock of every exchange deadline and meetup check; tests set it instead of waiting. */
  now: () => Date;
  /** How long a swap request waits for another request of the same person for the same item (3 s). */
  exchangeRequestWaitMs: number;
  /** Delayed jobs that move exchanges on (expiry, completion after a one-sided confirmation). */
  timers: Queue<ExchangeTimerJob>;
  /** The kit's e-mail queue (offline nudges, meetup reminders and prompts). */
  notifications: NotificationQueue;
  /** Public address of the web app, linked from e-mails when set. */
  publicUrl?: string;
}

export interface CreateMessagingContextOptions {
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  bus: EventBus;
  auth: AuthMiddleware;
  tokens: TokenService;
  userState: UserStateStore;
  keyPrefix?: string;
  messagesPerMinute?: number;
  /** BullMQ key prefix of the queues (config BULLMQ_PREFIX; tests: their key prefix). */
  bullmqPrefix?: string;
  publicUrl?: string;
  now?: () => Date;
  pushConfig?: PushConfig;
}

/** Builds the context and waits until the indexes exist (the unique clientId index must exist before a send). */
export async function createMessagingContext(
  options: CreateMessagingContextOptions,
): Promise<MessagingContext> {
  const keyPrefix = options.keyPrefix ?? '';
  const { mongo, redis } = options;
  const ctx: MessagingContext = {
    logger: options.logger,
    mongo,
    redis,
    bus: options.bus,
    auth: options.auth,
    tokens: options.tokens,
    userState: options.userState,
    keyPrefix,
    messages: messageModel(mongo),
    conversations: conversationModel(mongo),
    users: chatUserModel(mongo),
    items: chatItemModel(mongo),
    blocks: blockModel(mongo),
    exchanges: exchangeModel(mongo),
    settings: messagingSettingsModel(mongo),
    pushSubscriptions: pushSubscriptionModel(mongo),
    push: createPushQueue({
      redis,
      prefix: options.bullmqPrefix ?? `${keyPrefix}bull`,
      logger: options.logger,
    }),
    pushConfig: options.pushConfig,
    sendLimiter: createRateLimiter({
      redis,
      keyPrefix: `${keyPrefix}rl:messages`,
      points: options.messagesPerMinute ?? 60,
      durationSeconds: 60,
    }),
    live: createLiveChannel(),
    chatState: createChatStateCache(),
    presence: createPresenceStore({ redis, keyPrefix }),
    connectionSlots: createConnectionSlots({ redis, keyPrefix }),
    onMessageStored: [],
    now: options.now ?? (() => new Date()),
    exchangeRequestWaitMs: 3_000,
    timers: createQueue<ExchangeTimerJob>(EXCHANGE_TIMER_QUEUE, {
      redis,
      prefix: options.bullmqPrefix ?? `${keyPrefix}bull`,
      logger: options.logger,
      defaultJobOptions: {
        attempts: 5,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: { age: 7 * 24 * 3_600 },
        removeOnFail: { age: 30 * 24 * 3_600 },
      },
    }),
    notifications: createNotificationQueue({
      redis,
      prefix: options.bullmqPrefix ?? `${keyPrefix}bull`,
      logger: options.logger,
    }),
    publicUrl: options.publicUrl,
  };
  registerSettingsEventBuilder(ctx.bus);
  await Promise.all(
    [
      ctx.messages,
      ctx.conversations,
      ctx.users,
      ctx.items,
      ctx.blocks,
      ctx.exchanges,
      ctx.settings,
      ctx.pushSubscriptions,
    ].map((model) => (model as { init(): Promise<unknown> }).init()),
  );
  return ctx;
}
