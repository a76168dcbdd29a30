import type { Express } from 'express';
import { createServiceApp } from '@nomadswap/service-kit/app';
import type { MessagingContext } from './context';
import { blocksRouter } from './routes/blocks/router';
import { conversationsRouter } from './routes/conversations/router';
import { exchangesRouter } from './routes/exchanges/router';
import { messagesRouter } from './routes/messages/router';
import { pushRouter } from './routes/push/router';
import { replyTimeRouter } from './routes/reply-time/router';
import { settingsRouter } from './routes/settings/router';

/** Builds the messaging service's express app (no listening); server.ts passes the real context, tests their own. */
export function buildApp(ctx: MessagingContext): Express {
  const app = createServiceApp({
    name: 'messaging',
    logger: ctx.logger,
    health: { mongo: ctx.mongo, redis: ctx.redis },
    routes: (app) => mountRoutes(app, ctx),
  });
  // Answers are `no-store` and depend on who asks: hashing them for an ETag only costs CPU.
  app.set('etag', false);
  return app;
}

function mountRoutes(app: Express, ctx: MessagingContext): void {
  app.use('/api/messages', messagesRouter(ctx));
  app.use('/api/conversations', conversationsRouter(ctx));
  app.use('/api/messaging/settings', settingsRouter(ctx));
  app.use('/api/messaging/users', replyTimeRouter(ctx));
  app.use('/api/blocks', blocksRouter(ctx));
  app.use('/api/exchanges', exchangesRouter(ctx));
  app.use('/api/push', pushRouter(ctx));
}
