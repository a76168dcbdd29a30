import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, baseServiceEnv, loadConfig } from '../src/config';

const schema = z.object({
  ...baseServiceEnv,
  PORT: baseServiceEnv.PORT.default(4002),
  MONGO_DB: baseServiceEnv.MONGO_DB.default('nomadswap_items'),
});
const secret = 'x'.repeat(32);

function problemOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(schema, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('when only the secret is given, every other variable takes its documented default', () => {
    expect(loadConfig(schema, { JWT_SECRET: secret })).toEqual({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 4002,
      LOG_LEVEL: 'info',
      MONGO_URL: 'mongodb://127.0.0.1:27018',
      MONGO_DB: 'nomadswap_items',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_SECRET: secret,
      JWT_ISSUER: 'nomadswap',
      JWT_AUDIENCE: 'nomadswap-web',
      EVENTS_STREAM: 'nomadswap:events',
      DATA_DIR: '.data',
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
  });

  it('when values are given as strings, numbers are coerced and empty ones count as unset', () => {
    const config = loadConfig(schema, {
      JWT_SECRET: secret,
      PORT: '5000',
      SHUTDOWN_TIMEOUT_MS: '250',
      LOG_LEVEL: '',
    });
    expect(config.PORT).toBe(5000);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(250);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('when the secret is short, the error names the variable and the rule', () => {
    expect(problemOf({ JWT_SECRET: 'short' })).toBe(
      'Invalid configuration: JWT_SECRET must be at least 32 characters',
    );
  });

  it('when the secret is missing, the error says it is required', () => {
    expect(problemOf({})).toBe('Invalid configuration: JWT_SECRET is required');
  });

  it('when several variables are wrong, each one is named with its reason', () => {
    const message = problemOf({
      JWT_SECRET: secret,
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      REDIS_URL: 'localhost:6379',
      NODE_ENV: 'staging',
    });
    expect(message).toContain('PORT must be a number');
    expect(message).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
    expect(message).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(message).toContain('NODE_ENV must be one of development, test, production');
  });

  it('when PORT is not an integer in range, it is refused', () => {
    expect(problemOf({ JWT_SECRET: secret, PORT: '1.5' })).toBe(
      'Invalid configuration: PORT must be an integer',
    );
    expect(problemOf({ JWT_SECRET: secret, PORT: '70000' })).toBe(
      'Invalid configuration: PORT must be at most 65535',
    );
  });

  it('when a service omits a default, its variable becomes required', () => {
    const bare = z.object(baseServiceEnv);
    expect(() => loadConfig(bare, { JWT_SECRET: secret })).toThrow(/PORT is required; MONGO_DB is required/);
  });
});
