import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '@nomadswap/service-kit/events';
import { closeRedis, createRedis, type Redis } from '@nomadswap/service-kit/redis';
import {
  buildExchangeEvent,
  createTestStores,
  eventually,
  spawnService,
  type SpawnedService,
  type TestStores,
} from '@nomadswap/service-kit/testing';
import { buildRegistration } from './support/factories';

const entry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const workerEntry = fileURLToPath(new URL('../src/worker.ts', import.meta.url));

let stores: TestStores;
// Real services keep user states under unprefixed keys (and the server removes states of unknown users at
// start): a Redis database of their own keeps those apart from every other test's.
let redis: Redis;
let env: Record<string, string>;
beforeAll(async () => {
  stores = await createTestStores({ service: 'auth' });
  const url = new URL(stores.redisUrl);
  url.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  redis = createRedis(url.href, { name: 'auth-process-test' });
  env = {
    ...stores.env,
    REDIS_URL: url.href,
    BULLMQ_PREFIX: `${stores.keyPrefix}bull`,
    ADMIN_EMAIL: 'Root@NomadSwap.example',
    ADMIN_PASSWORD: 'process-test-admin',
  };
});
afterAll(async () => {
  for (const pattern of [`${stores.keyPrefix}*`, 'userstate:*', 'jwt:denylist:*', 'rl:auth:*']) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  }
  await closeRedis(redis);
  await fs.rm(env.DATA_DIR!, { recursive: true, force: true });
  await stores.close();
});

describe('auth server', () => {
  it('starts as the launcher starts it, answers /healthz, and exits 0 on SIGTERM', async () => {
    const service = await spawnService(entry, env);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${service.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', service: 'auth', mongo: 'up', redis: 'up' });
    expect(service.logs).toContainEqual(
      expect.objectContaining({ msg: 'admin account ready', outcome: 'created' }),
    );
    expect(await service.stop()).toBe(0);
    expect(service.logs.map((line) => line.msg)).toContain('shutdown complete');
  });

  it('when the configuration is invalid, it exits 1 naming the variable', async () => {
    await expect(spawnService(entry, { ...env, JWT_SECRET: 'short' })).rejects.toThrow(
      /exited with 1[\s\S]*JWT_SECRET must be at least 32 characters/,
    );
    await expect(spawnService(entry, { ...env, AVATAR_CONCURRENCY: 'many' })).rejects.toThrow(
      /exited with 1[\s\S]*AVATAR_CONCURRENCY must be a number/,
    );
  });
});

describe('auth server and worker processes together', () => {
  let server: SpawnedService | undefined;
  let worker: SpawnedService | undefined;
  afterAll(async () => {
    await server?.stop();
    await worker?.stop();
  });

  it('keeps the admin as configured, processes avatars and e-mails in the worker, and consumes events in the server', async () => {
    // A user state left behind for a user that does not exist is removed at start.
    const ghost = new mongoose.Types.ObjectId().toHexString();
    await redis.hset(`userstate:${ghost}`, { role: 'user', isApproved: '1' });

    server = await spawnService(entry, env);
    worker = await spawnService(workerEntry, env);
    // The first test's start created the admin; a restart finds it as configured.
    expect(server.logs).toContainEqual(
      expect.objectContaining({ msg: 'admin account ready', outcome: 'unchanged' }),
    );
    expect(await redis.exists(`userstate:${ghost}`)).toBe(0);
    expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);

    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${server!.url}${url}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    const adminLogin = await post('/api/auth/login', {
      email: 'root@nomadswap.example',
      password: 'process-test-admin',
    });
    expect(adminLogin.status).toBe(200);
    const admin = (await adminLogin.json()) as { token: string; user: { id: string; role: string } };
    expect(admin.user.role).toBe('admin');
    expect(await redis.hgetall(`userstate:${admin.user.id}`)).toEqual({ role: 'admin', isApproved: '1' });

    const registered = await post('/api/auth/register', buildRegistration());
    expect(registered.status).toBe(201);
    const user = (await registered.json()) as { token: string; user: { id: string; avatar: string | null } };
    expect(user.user.avatar).toMatch(/^\/api\/avatars\/[a-f0-9]{24}$/);
    const image = await fetch(`${server.url}${user.user.avatar!}`, { headers: { Accept: 'image/webp' } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    expect((await post(`/api/admin/approve-user/${user.user.id}`, {}, admin.token)).status).toBe(200);
    const outbox = path.join(env.DATA_DIR!, 'outbox');
    const eml = await eventually(async () =>
      (await fs.readdir(outbox).catch(() => [])).find((f) => f.endsWith('.eml')),
    );
    expect(await fs.readFile(path.join(outbox, eml), 'utf8')).toContain(
      'Subject: Your NomadSwap account is approved',
    );

    // The worker only publishes: its name never appears as a consumer group.
    const groups = (await redis.call('XINFO', 'GROUPS', env.EVENTS_STREAM!)) as unknown[][];
    const names = groups.map((group) => group[group.indexOf('name') + 1]);
    expect(names).toEqual(['auth']);

    const messaging = createEventBus({
      redis,
      stream: env.EVENTS_STREAM!,
      service: 'messaging',
      logger: stores.logger,
    });
    await messaging.publish(
      'exchange.completed',
      buildExchangeEvent({ requesterId: user.user.id, ownerId: admin.user.id }),
    );
    await eventually(async () => {
      const me = await fetch(`${server!.url}/api/auth/me`, {
        headers: { Authorization: `Bearer ${user.token}` },
      });
      return ((await me.json()) as { completedSwaps: number }).completedSwaps === 1;
    });

    expect(await server.stop()).toBe(0);
    expect(await worker.stop()).toBe(0);
    expect(worker.logs.map((line) => line.msg)).toContain('shutdown complete');
  });
});
