import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';

/** Environment of the items service: the shared variables with its own port and database. */
export const itemsEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4002),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_items'),
});
export type ItemsConfig = z.output<typeof itemsEnv>;

/** Reads and validates the items service's configuration; throws a ConfigError naming each bad variable. */
export function loadItemsConfig(env: NodeJS.ProcessEnv = process.env): ItemsConfig {
  return loadConfig(itemsEnv, env);
}
