import { z } from 'zod';
import { LIMITS } from '@nomadswap/contracts/enums';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';
import { mailEnv } from '@nomadswap/service-kit/notifications';

/**
 * Environment of the auth service (and its worker): the shared variables with its own port and database, the
 * first admin, avatar processing, e-mail and the registration limit.
 */
export const authEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4001),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_auth'),
  /** The first admin, created or reset at start when both are set. */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'must be an e-mail address' }))
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(LIMITS.passwordMin, { error: `must be at least ${LIMITS.passwordMin} characters` })
    .optional(),
  /** Avatar jobs one worker process runs at a time. */
  AVATAR_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** How long register/avatar requests wait for the processed avatar before answering without it. */
  AVATAR_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Registrations accepted per client IP per hour. */
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Which proxies may tell the client IP (X-Forwarded-For), for the per-IP limits: express's `trust proxy`
   * (`loopback`, `uniquelocal`, addresses/CIDRs separated by commas, or a hop count). The default suits the
   * gateway on the same host; in docker-compose the gateway is another container (`uniquelocal`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => !/^(true|false)$/i.test(value), { error: 'must name the proxies, not true/false' })
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value))
    .default('loopback'),
  /** Key prefix of the BullMQ queues (`avatars`, `notifications`). */
  BULLMQ_PREFIX: z.string().min(1).default('bull'),
  /** E-mail: SMTP_URL (else .eml files in DATA_DIR/outbox), MAIL_FROM, PUBLIC_URL (linked from e-mails). */
  ...mailEnv,
});
export type AuthConfig = z.output<typeof authEnv>;

/** Reads and validates the auth service's configuration; throws a ConfigError naming each bad variable. */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(authEnv, env);
}
