import type { Express } from 'express';
import { BODY_LIMITS } from '@nomadswap/contracts/routes';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { AuthContext } from './context';
import { adminRouter } from './routes/admin/router';
import { authRouter } from './routes/auth/router';
import { avatarsRouter } from './routes/avatars/router';
import { usersRouter } from './routes/users/router';

/** Builds the auth service's express app (no listening); server.ts passes the real context, tests their own. */
export function buildApp(ctx: AuthContext): Express {
  return createServiceApp({
    name: 'auth',
    logger: ctx.logger,
    // Registration and avatar uploads carry image data URLs.
    bodyLimit: BODY_LIMITS.images,
    health: { mongo: ctx.mongo, redis: ctx.redis },
    routes: (app) => {
      app.use('/api/auth', authRouter(ctx));
      app.use('/api/users', usersRouter(ctx));
      app.use('/api/admin', adminRouter(ctx));
      app.use('/api/avatars', avatarsRouter(ctx));
    },
  });
}
