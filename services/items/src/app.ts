import type { Express } from 'express';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { ItemsContext } from './context';
import { adminRouter } from './routes/admin/router';
import { alertsRouter } from './routes/alerts/router';
import { favoritesRouter } from './routes/favorites/router';
import { imagesRouter } from './routes/images/router';
import { itemsRouter } from './routes/items/router';
import { placesRouter } from './routes/places/router';

/** Builds the items service's express app (no listening); server.ts passes the real context, tests their own. */
export function buildApp(ctx: ItemsContext): Express {
  const app = createServiceApp({
    name: 'items',
    logger: ctx.logger,
    health: { mongo: ctx.mongo, redis: ctx.redis },
    routes: (app) => {
      app.use('/api/items', itemsRouter(ctx));
      app.use('/api/favorites', favoritesRouter(ctx));
      app.use('/api/images', imagesRouter(ctx));
      app.use('/api/admin', adminRouter(ctx));
      app.use('/api/places', placesRouter());
      app.use('/api/alerts', alertsRouter(ctx));
    },
  });
  // JSON answers here are `no-store` (they depend on who asks), so hashing each body for an ETag only costs CPU;
  // images set their own ETag.
  app.set('etag', false);
  return app;
}
