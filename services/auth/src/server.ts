import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadAuthConfig } from './config';
import { createAuthContext } from './context';
import { deviceCookieKeyFrom } from './domain/device-cookies';
import { ensureAdminAccount } from './domain/ensure-admin-account';
import { seedUserStates } from './domain/seed-user-states';
import { consumeAuthEvents } from './events/consume';
import { warmPlaces } from '@nomadswap/places/places';

await startService({
  name: 'auth',
  config: loadAuthConfig,
  setup: async (service) => {
    const { config, logger } = service;
    const ctx = await createAuthContext({
      ...service,
      redisUrl: config.REDIS_URL,
      queuePrefix: config.BULLMQ_PREFIX,
      settings: {
        avatarWaitMs: config.AVATAR_WAIT_MS,
        registerLimitPerHour: config.REGISTER_LIMIT_PER_HOUR,
        trustProxy: config.TRUST_PROXY,
        publicUrl: config.PUBLIC_URL,
        deviceCookieKey: deviceCookieKeyFrom(config.JWT_SECRET),
        secureCookies: config.NODE_ENV === 'production',
      },
    });

    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const outcome = await ensureAdminAccount(ctx, {
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
      });
      logger.info({ email: config.ADMIN_EMAIL, outcome }, 'admin account ready');
    } else if (config.ADMIN_EMAIL || config.ADMIN_PASSWORD) {
      logger.warn('ADMIN_EMAIL and ADMIN_PASSWORD must both be set to create the admin account');
    }
    // Before listening: every service decides access from these keys.
    const seeded = await seedUserStates(ctx);
    logger.info(seeded, 'user states seeded');

    consumeAuthEvents(service.bus, ctx);
    return { app: buildApp(ctx), steps: [{ name: 'queues', run: () => ctx.queues.close() }] };
  },
});

// Listening already: build the gazetteer now (about a second) so the first registration does not wait for it.
setImmediate(warmPlaces);
