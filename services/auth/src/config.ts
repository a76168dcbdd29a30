import { z } from 'zod';
import { baseServiceEnv, loadConfig } from '@nomadswap/service-kit/config';

/** Environment of the auth service: the shared variables with its own port and database. */
export const authEnv = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4001),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_auth'),
});
export type AuthConfig = z.output<typeof authEnv>;

/** Reads and validates the auth service's configuration; throws a ConfigError naming each bad variable. */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(authEnv, env);
}
