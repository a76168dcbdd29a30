import type { Express } from 'express';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { AuthContext } from './context';
import { adminRouter } from './routes/admin/router';
import { authRouter } from './routes/auth/router';
import { avatarsRouter } from './routes/avatars/router';
import { usersRouter } from './routes/users/router';

/** Builds the auth service's express app (no listening); server.ts passes the real context, tests their own. */
export function buildApp(ctx: AuthContext): Express {
  const app = createServiceApp({
    name: 'auth',
    logger: ctx.logger,
    health: { mongo: ctx.mongo, redis: ctx.redis },
    routes: (router) => {
      router.use('/api/auth', authRouter(ctx));
      router.use('/api/users', usersRouter(ctx));
      router.use('/api/admin', adminRouter(ctx));
      router.use('/api/avatars', avatarsRouter(ctx));
    },
  });
  // Read per request, so it applies to the routes above.
  app.set('trust proxy', ctx.settings.trustProxy);
  return app;
}
