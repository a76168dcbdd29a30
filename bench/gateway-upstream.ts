/**
 * The trivial service endpoint the gateway benchmark proxies to: a service app built with the service kit (request
 * ids, access log, helmet, metrics — what every real service runs) whose one route answers a small JSON body.
 */
import http from 'node:http';
import { createServiceApp } from '@nomadswap/service-kit/app';
import { createLogger } from '@nomadswap/service-kit/logger';
import { connectMongo } from '@nomadswap/service-kit/mongo';
import { createRedis } from '@nomadswap/service-kit/redis';

/** `BROWSE_ITEMS=n`: the route answers a browse page of n items shaped like the items service's; else `{ok: true}`. */
const count = Number(process.env.BROWSE_ITEMS ?? 0);
const body = JSON.stringify(count > 0 ? browsePage(count) : { ok: true, items: [] });

function browsePage(n: number) {
  const hex = (i: number, salt: number) => ((i * 2654435761 + salt) >>> 0).toString(16).padStart(24, '0');
  return Array.from({ length: n }, (_, i) => {
    const image = hex(i, 7);
    return {
      id: hex(i, 1),
      title: `Travel backpack ${i}, 40 litres, barely used`,
      description: `Bought for a six-month trip through South America (${i}); it fits cabin luggage, has a laptop sleeve and a rain cover. Happy to swap for a tent or hiking boots.`,
      category: 'Bags & Luggage',
      condition: 'Like New',
      images: [`/api/items/images/${image}/full`],
      photos: [
        {
          id: image,
          state: 'ready',
          thumb: `/api/items/images/${image}/thumb`,
          full: `/api/items/images/${image}/full`,
        },
      ],
      location: 'Lisbon, Portugal',
      userId: hex(i % 12, 3),
      isActive: true,
      isSwapped: false,
      preferredExchange: 'Camping gear',
      createdAt: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString(),
      user: {
        id: hex(i % 12, 3),
        fullName: `Traveller ${i % 12}`,
        username: `traveller${i % 12}`,
        avatar: `/api/auth/avatars/${hex(i % 12, 5)}`,
        rating: 4.5,
        reviewCount: 3,
      },
      isFavorited: false,
    };
  });
}

const logger = createLogger('bench-upstream', 'info');
const mongo = await connectMongo({ url: process.env.MONGO_URL ?? '', dbName: 'bench_gateway', logger });
const redis = createRedis(process.env.REDIS_URL ?? '', { name: 'bench-upstream', logger });
const app = createServiceApp({
  name: 'bench-upstream',
  logger,
  health: { mongo, redis },
  routes: (router) => router.get('/api/items', (_req, res) => void res.type('json').send(body)),
});
http.createServer(app).listen(Number(process.env.PORT), '127.0.0.1');
