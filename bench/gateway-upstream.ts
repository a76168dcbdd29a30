/**
 * The trivial service endpoint the gateway benchmark proxies to: a service app built with the service kit (request
 * ids, access log, helmet, metrics — what every real service runs) whose one route answers a small JSON body.
 */
import http from 'node:http';
import { createServiceApp } from '@nomadswap/service-kit/app';
import { createLogger } from '@nomadswap/service-kit/logger';
import { connectMongo } from '@nomadswap/service-kit/mongo';
import { createRedis } from '@nomadswap/service-kit/redis';

const logger = createLogger('bench-upstream', 'info');
const mongo = await connectMongo({ url: process.env.MONGO_URL ?? '', dbName: 'bench_gateway', logger });
const redis = createRedis(process.env.REDIS_URL ?? '', { name: 'bench-upstream', logger });
const app = createServiceApp({
  name: 'bench-upstream',
  logger,
  health: { mongo, redis },
  routes: (router) => router.get('/api/items', (_req, res) => void res.json({ ok: true, items: [] })),
});
http.createServer(app).listen(Number(process.env.PORT), '127.0.0.1');
