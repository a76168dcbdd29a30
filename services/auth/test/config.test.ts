import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../src/config';

const base = { JWT_SECRET: 'x'.repeat(32) };

describe('auth configuration', () => {
  it('has safe defaults for the embedded mode', () => {
    expect(loadAuthConfig(base)).toMatchObject({
      PORT: 4001,
      MONGO_DB: 'nomadswap_auth',
      AVATAR_CONCURRENCY: 2,
      AVATAR_WAIT_MS: 5_000,
      REGISTER_LIMIT_PER_HOUR: 10,
      BULLMQ_PREFIX: 'bull',
      MAIL_FROM: 'NomadSwap <no-reply@nomadswap.example>',
      TRUST_PROXY: 'loopback',
    });
    expect(loadAuthConfig(base).SMTP_URL).toBeUndefined();
  });

  it('reads the admin, mail and proxy settings', () => {
    const config = loadAuthConfig({
      ...base,
      ADMIN_EMAIL: ' Admin@NomadSwap.local ',
      ADMIN_PASSWORD: 'secret-pass',
      SMTP_URL: 'smtp://mailpit:1025',
      MAIL_FROM: 'Swaps <swaps@example.org>',
      TRUST_PROXY: '2',
      AVATAR_CONCURRENCY: '4',
    });
    expect(config).toMatchObject({
      ADMIN_EMAIL: 'admin@nomadswap.local',
      SMTP_URL: 'smtp://mailpit:1025',
      MAIL_FROM: 'Swaps <swaps@example.org>',
      TRUST_PROXY: 2,
      AVATAR_CONCURRENCY: 4,
    });
  });

  it('names each bad variable', () => {
    expect(() =>
      loadAuthConfig({
        ...base,
        ADMIN_EMAIL: 'not-an-email',
        ADMIN_PASSWORD: '123',
        SMTP_URL: 'http://mail',
        TRUST_PROXY: 'true',
        AVATAR_CONCURRENCY: '0',
      }),
    ).toThrow(
      /ADMIN_EMAIL must be an e-mail address.*ADMIN_PASSWORD must be at least 6 characters.*AVATAR_CONCURRENCY must be at least 1.*TRUST_PROXY must name the proxies.*SMTP_URL must be an smtp/,
    );
  });
});
