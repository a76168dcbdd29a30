import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';

/** Environment of the messaging service: the shared variables with its own port and database. */
export const messagingEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4003),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_messaging'),
});
export type MessagingConfig = z.output<typeof messagingEnv>;

/** Reads and validates the messaging service's configuration; throws a ConfigError naming each bad variable. */
export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadConfig(messagingEnv, env);
}
