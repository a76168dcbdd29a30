import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';
import { mailEnv } from '@nomadswap/service-kit/notifications';
import { SOCKET_MAX_PER_USER } from '@nomadswap/contracts/socket-events';

/** Environment of the messaging service: the shared variables with its own port and database. */
export const messagingEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4003),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_messaging'),
  /** Messages one sender may send per minute (REST and socket together); more answer 429 with Retry-After. */
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Redis stream of the Socket.IO adapter (shared by every messaging replica). */
  SOCKET_STREAM: z.string().min(1).default('nomadswap:socket.io'),
  /** Sockets one user may hold open at once over every replica; the handshake of one more is refused. */
  SOCKET_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(SOCKET_MAX_PER_USER),
  /** BullMQ key prefix of the shared `notifications` queue (auth's worker delivers the mail). */
  BULLMQ_PREFIX: z.string().min(1).default('bull'),
  /** Shortest gap between two e-mail nudges about one conversation to one user. */
  NUDGE_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(30),
  ...mailEnv,
});
export type MessagingConfig = z.output<typeof messagingEnv>;

/** Reads and validates the messaging service's configuration; throws a ConfigError naming each bad variable. */
export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadConfig(messagingEnv, env);
}
