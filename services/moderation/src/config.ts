import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';
import { mailEnv } from '@nomadswap/service-kit/notifications';

/** Environment of the moderation service: the shared variables with its own port and database. */
export const moderationEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4004),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_moderation'),
  /** Reports one client (signed-in user, else IP address) may file per hour; more answer 429 with Retry-After. */
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Contact messages one client may send per hour. */
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** BullMQ key prefix of the shared `notifications` queue (auth's worker delivers the mail) and the reveal sweeper. */
  BULLMQ_PREFIX: z.string().min(1).default('bull'),
  /** How often the sweeper reveals the reviews whose 14 days are up (they show on time regardless; this is when they count). */
  REVIEW_REVEAL_SWEEP_MS: z.coerce.number().int().min(1_000).default(60_000),
  ...mailEnv,
});
export type ModerationConfig = z.output<typeof moderationEnv>;

/** Reads and validates the moderation service's configuration; throws a ConfigError naming each bad variable. */
export function loadModerationConfig(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  return loadConfig(moderationEnv, env);
}
