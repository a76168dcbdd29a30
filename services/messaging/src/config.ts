import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';
import { mailEnv } from '@nomadswap/service-kit/notifications';
import { SOCKET_MAX_PER_USER } from '@nomadswap/contracts/socket-events';

/**
 * Web push (issue 23). The three VAPID variables go together: all set, push is on; none set, the key route
 * answers 503 and nothing is pushed (`npm start` generates a pair once and keeps it in DATA_DIR/secrets.json).
 */
const pushEnv = {
  /** VAPID public key, base64url (`npx web-push generate-vapid-keys`); browsers subscribe with it. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (87 characters)' })
    .optional(),
  /** VAPID private key, base64url; signs every push. */
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key (43 characters)' })
    .optional(),
  /** Who push services contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' })
    .optional(),
  /**
   * Push services besides the browsers' (comma-separated `host:port`, http allowed): a self-hosted one, or the
   * test push service. Empty by default: only the browsers' own services are accepted.
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, { error: 'must be host:port entries' }))),
};

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
  ...pushEnv,
});
export type MessagingConfig = z.output<typeof messagingEnv>;

/** Reads and validates the messaging service's configuration; throws a ConfigError naming each bad variable. */
export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadConfig(
    messagingEnv.refine(
      (config) =>
        [config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, config.VAPID_SUBJECT].every(Boolean) ||
        [config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, config.VAPID_SUBJECT].every((value) => !value),
      {
        error: 'set all three of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, or none',
        path: ['VAPID_SUBJECT'],
      },
    ),
    env,
  );
}

/** The VAPID details when all three variables are set, else undefined (push off). */
export function vapidOf(config: MessagingConfig): VapidDetails | undefined {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : undefined;
}

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}
