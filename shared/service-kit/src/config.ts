import { z } from 'zod';

/** Thrown by {@link loadConfig}; its message names every bad variable and why. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The environment every service reads (a zod shape to spread into the service's own object). `PORT` and
 * `MONGO_DB` have no default here: each service gives its own, e.g.
 * `z.object({ ...baseServiceEnv, PORT: baseServiceEnv.PORT.default(4001), MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_auth') })`.
 * Custom messages are phrased to follow the variable name ("JWT_SECRET must be …").
 */
export const baseServiceEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/\S+$/, { error: 'must be a mongodb:// or mongodb+srv:// URL' })
    .default('mongodb://127.0.0.1:27018'),
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, { error: 'must be a database name (letters, digits, _ and -)' }),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, { error: 'must be a redis:// or rediss:// URL' })
    .default('redis://127.0.0.1:6379'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  JWT_ISSUER: z.string().min(1).default('nomadswap'),
  JWT_AUDIENCE: z.string().min(1).default('nomadswap-web'),
  EVENTS_STREAM: z.string().min(1).default('nomadswap:events'),
  DATA_DIR: z.string().min(1).default('.data'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
};

/** The configuration every service has, whatever it adds. */
export type BaseServiceConfig = z.output<z.ZodObject<typeof baseServiceEnv>>;

/** Turns a zod issue into the words after the variable name, for the default (non-custom) messages. */
function describe(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be an integer' : `must be a ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `must be at least ${issue.minimum} characters`
        : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    default:
      return undefined;
  }
}

/**
 * Parses the environment with `schema`. Empty variables count as unset (so `LOG_LEVEL=` takes the default).
 * Throws a {@link ConfigError} such as `Invalid configuration: JWT_SECRET must be at least 32 characters`.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = schema.safeParse(input, { error: describe });
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.') || 'environment';
    const missing =
      issue.code === 'invalid_type' && issue.path.length === 1 && input[String(issue.path[0])] === undefined;
    return `${name} ${missing ? 'is required' : issue.message}`;
  });
  throw new ConfigError(problems);
}
