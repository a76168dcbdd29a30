import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';
import { mailEnv } from '@nomadswap/service-kit/notifications';

/**
 * Environment of the items service (and its image worker): the shared variables with its own port and database,
 * and the image pipeline's knobs.
 */
export const itemsEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4002),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_items'),
  /** PUBLIC_URL links the deadline reminders to the owner's items (the notification worker sends them). */
  PUBLIC_URL: mailEnv.PUBLIC_URL,
  /** Image jobs one worker process runs at a time. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** How long POST/PUT /api/items wait for their image jobs before answering with `processing` photos. */
  IMAGE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * How long a worker holds a job's lock without renewing it; a worker that dies mid-job has its job taken
   * over by another worker once this has passed (BullMQ stalled-job recovery).
   */
  IMAGE_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Key prefix of the BullMQ queue `images`. */
  BULLMQ_PREFIX: z.string().min(1).default('bull'),
  /**
   * Test hook: pauses every image job this long between writing the variants and marking the image ready, so a
   * test can kill a worker mid-job. Ignored unless NODE_ENV=test.
   */
  IMAGE_TEST_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
});
export type ItemsConfig = z.output<typeof itemsEnv>;

/** Reads and validates the items service's configuration; throws a ConfigError naming each bad variable. */
export function loadItemsConfig(env: NodeJS.ProcessEnv = process.env): ItemsConfig {
  return loadConfig(itemsEnv, env);
}

/** The test-only job delay, honoured only when NODE_ENV=test. */
export function imageTestDelayMs(config: ItemsConfig): number {
  return config.NODE_ENV === 'test' ? config.IMAGE_TEST_DELAY_MS : 0;
}
