import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';

/** Environment of the moderation service: the shared variables with its own port and database. */
export const moderationEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4004),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_moderation'),
});
export type ModerationConfig = z.output<typeof moderationEnv>;

/** Reads and validates the moderation service's configuration; throws a ConfigError naming each bad variable. */
export function loadModerationConfig(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  return loadConfig(moderationEnv, env);
}
