import { startService } from '@nomadswap/service-kit/service';
import { buildApp } from './app';
import { loadAuthConfig } from './config';
import { createAuthContext } from './context';
import { userModel } from './data/user-model';
import { deviceCookieKeyFrom } from './domain/sign-device-cookie';
import { ensureAdminAccount } from './domain/ensure-admin-account';
import { moveEditedSwapCounts } from './domain/move-edited-swap-counts';
import { seedUserStates } from './domain/seed-user-states';
import { consumeAuthEvents } from './events/consume';
import { matchStoredLocations } from '@nomadswap/service-kit/places';

let stored: Parameters<typeof matchStoredLocations>[0] | undefined;

const { context } = await startService({
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
    logger.info(await moveEditedSwapCounts(ctx), 'users: edited swap counts moved to completed swaps');

    consumeAuthEvents(service.bus, ctx);
    stored = userModel(ctx.mongo);
    return { app: buildApp(ctx), steps: [{ name: 'queues', run: () => ctx.queues.close() }] };
  },
});

// Listening already: match the users written before places existed (issue 22; idempotent). It builds the gazetteer
// (about a second) now, so the first request that needs a place does not wait for it.
setImmediate(() => {
  if (!stored) return;
  matchStoredLocations(stored).then(
    (counts) => context.logger.info(counts, 'users: stored locations matched to places'),
    (error: unknown) => context.logger.error({ err: error }, 'users: matching stored locations failed'),
  );
});
