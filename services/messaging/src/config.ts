import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';

/** Environment of the messaging service: the shared variables with its own port and database. */
export const messagingEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4003),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_messaging'),
  /** Messages one sender may send per minute (REST and socket together); more answer 429 with Retry-After. */
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Redis stream of the Socket.IO adapter (shared by every messaging replica). */
  SOCKET_STREAM: z.string().min(1).default('nomadswap:socket.io'),
});
export type MessagingConfig = z.output<typeof messagingEnv>;

/** Reads and validates the messaging service's configuration; throws a ConfigError naming each bad variable. */
export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadConfig(messagingEnv, env);
}
