import type { Express } from 'express';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { ModerationContext } from './context';
import { auditLogRouter } from './routes/audit-log/router';
import { contactMessagesRouter, contactRouter } from './routes/contact/router';
import { reportsRouter } from './routes/reports/router';
import { adminReviewsRouter, reviewsRouter } from './routes/reviews/router';

/** Builds the moderation service's express app (no listening); server.ts passes the real context, tests their own. */
export function buildApp(ctx: ModerationContext): Express {
  const app = createServiceApp({
    name: 'moderation',
    logger: ctx.logger,
    health: { mongo: ctx.mongo, redis: ctx.redis },
    routes: (app) => {
      app.use('/api/reviews', reviewsRouter(ctx));
      app.use('/api/admin/reviews', adminReviewsRouter(ctx));
      app.use('/api/reports', reportsRouter(ctx));
      app.use('/api/contact', contactRouter(ctx));
      app.use('/api/admin/contact-messages', contactMessagesRouter(ctx));
      app.use('/api/admin/audit-log', auditLogRouter(ctx));
    },
  });
  app.set('etag', false);
  return app;
}
