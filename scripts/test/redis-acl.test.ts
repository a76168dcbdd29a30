import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeRedisArgs, redisAclFile } from '../lib/redis-acl';
import { ROOT } from '../lib/stack';

/**
 * docker-compose.yml's Redis ACL users, applied to a real redis-server: each service can do what it does (BullMQ
 * queues, the event stream, rate limits, token state) and nothing on another's keys. The arguments are read from
 * the compose file itself (the redis service's `command`), passwords filled in as .env would.
 */
const passwordOf = (user: string) => `pw-${user}`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The Redis key names a service's own source builds, as `${keyPrefix}presence:${id}` or `${prefix}rl:messages`:
 * each name with a colon (BullMQ's `${keyPrefix}bull` prefix is the queues' test).
 */
function serviceKeyNames(service: string): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const match of fs
          .readFileSync(file, 'utf8')
          .matchAll(/\$\{[\w.]*[pP]refix\}([a-z][a-z-]*:[a-z-]*)/g)) {
          names.add(match[1]!);
        }
      }
    }
  };
  walk(path.join(ROOT, 'services', service, 'src'));
  return [...names].sort();
}

let server: ChildProcess;
let port: number;
const clients: Redis[] = [];
const as = (user: string) => {
  const client = new Redis({
    port,
    host: '127.0.0.1',
    username: user,
    password: `pw-${user}`,
    maxRetriesPerRequest: null,
  });
  clients.push(client);
  return client;
};

beforeAll(async () => {
  port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-acl-'));
  const args = [...composeRedisArgs(ROOT, passwordOf), '--port', String(port), '--bind', '127.0.0.1'];
  args.push('--appendonly', 'no', '--save', '', '--dir', dir);
  server = spawn('redis-server', args, { stdio: 'ignore' });
  // Up once the gateway's user can PING (it has no keys, only its rate limits).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis({
      port,
      host: '127.0.0.1',
      username: 'gateway',
      password: 'pw-gateway',
      lazyConnect: true,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      clients.push(probe);
      break;
    } catch (error) {
      probe.disconnect();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
  server.kill('SIGTERM');
});

describe("docker-compose's Redis users on a real redis-server", () => {
  it('lets nobody in without a user: the default user is off', async () => {
    const anonymous = new Redis({
      port,
      host: '127.0.0.1',
      enableReadyCheck: false,
      retryStrategy: () => null,
    });
    anonymous.on('error', () => {});
    clients.push(anonymous);
    await expect(anonymous.get('anything')).rejects.toThrow(/NOAUTH/);
  });

  it("lets items run its BullMQ queue end to end, publish events and read token state, and nothing of auth's", async () => {
    const items = as('items');
    const queue = new Queue('images', { connection: as('items'), prefix: 'bull' });
    const worker = new Worker('images', async (job) => `done ${String(job.data.n)}`, {
      connection: as('items'),
      prefix: 'bull',
    });
    try {
      const job = await queue.add('photo', { n: 1 });
      const finished = await new Promise<string>((resolve, reject) => {
        worker.on('completed', (done, result: string) => done.id === job.id && resolve(result));
        worker.on('failed', (_done, error) => reject(error));
      });
      expect(finished).toBe('done 1');
      expect(await items.xadd('nomadswap:events', '*', 'type', 'item.created')).toMatch(/^\d+-\d+$/);
      expect(await items.hgetall('userstate:someone')).toEqual({});
      await expect(items.hset('userstate:someone', 'role', 'admin')).rejects.toThrow(/NOPERM/);
      await expect(items.set('bull:avatars:1', 'x')).rejects.toThrow(/NOPERM/);
      await expect(items.keys('*')).rejects.toThrow(/NOPERM/);
    } finally {
      await worker.close();
      await queue.close();
    }
  });

  it('lets auth write token state and its own limits; the gateway only its rate limits', async () => {
    const auth = as('auth');
    await auth.hset('userstate:u1', 'role', 'user');
    await auth.set('jwt:denylist:j1', '1', 'EX', 60);
    const login = new RateLimiterRedis({
      storeClient: auth,
      keyPrefix: 'rl:auth:login',
      points: 5,
      duration: 60,
    });
    expect((await login.consume('203.0.113.1')).remainingPoints).toBe(4);

    const gateway = as('gateway');
    const contact = new RateLimiterRedis({
      storeClient: gateway,
      keyPrefix: 'rl:gateway:POST:/api/contact',
      points: 5,
      duration: 60,
    });
    expect((await contact.consume('203.0.113.1')).remainingPoints).toBe(4);
    await expect(gateway.get('jwt:denylist:j1')).rejects.toThrow(/NOPERM/);
    await expect(gateway.xadd('nomadswap:events', '*', 'type', 'x')).rejects.toThrow(/NOPERM/);
    await expect(gateway.flushall()).rejects.toThrow(/NOPERM/);
  });

  it("lets messaging use the Socket.IO stream and its chat keys, and not the items' cache", async () => {
    const messaging = as('messaging');
    expect(await messaging.xadd('nomadswap:socket.io', '*', 'uid', 'x')).toMatch(/^\d+-\d+$/);
    await messaging.multi().hset('presence:u1', 's1', '1').pexpire('presence:u1', 1000).exec();
    expect(await messaging.set('nudge:u1:u2', 'm1', 'PX', 1000, 'NX')).toBe('OK');
    await expect(messaging.incr('items:listing-generation')).rejects.toThrow(/NOPERM/);
  });

  it.each(['auth', 'items', 'messaging', 'moderation'])(
    'lets %s write every key its source names (`${…Prefix}name:`): a new key pattern needs its ACL line',
    async (service) => {
      const names = serviceKeyNames(service);
      if (service === 'messaging')
        expect(names).toEqual(expect.arrayContaining(['chatv:', 'socketslots:', 'typing:']));
      const client = as(service);
      const refused: string[] = [];
      for (const name of names) {
        // A limiter's prefix (`rl:auth`) is followed by its own colon (rate-limiter-flexible's `prefix:key`).
        const key = `${name}${name.endsWith(':') ? '' : ':'}acl-probe`;
        try {
          await client.set(key, '1', 'PX', 1000);
          await client.del(key);
        } catch {
          refused.push(name);
        }
      }
      expect(refused).toEqual([]);
    },
  );
});

describe('the same users as an ACL file (npm run redis-acl, for a Redis run by the Kubernetes operator)', () => {
  it('has one line per compose user, and a redis-server loading it lets each user in with its password only', async () => {
    const file = redisAclFile(ROOT, passwordOf);
    const users = file
      .trim()
      .split('\n')
      .map((line) => line.split(' ')[1]);
    expect(users).toEqual(['default', 'auth', 'items', 'messaging', 'moderation', 'gateway']);
    expect(file).toMatch(/^user default off$/m);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-aclfile-'));
    fs.writeFileSync(path.join(dir, 'users.acl'), file);
    const filePort = await freePort();
    const fromFile = spawn(
      'redis-server',
      [
        '--aclfile',
        path.join(dir, 'users.acl'),
        '--port',
        String(filePort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    );
    const connect = (username: string | undefined, password?: string) => {
      const client = new Redis({
        port: filePort,
        host: '127.0.0.1',
        username,
        password,
        lazyConnect: true,
        enableReadyCheck: false,
        retryStrategy: () => null,
      });
      client.on('error', () => {});
      clients.push(client);
      return client;
    };
    try {
      const deadline = Date.now() + 10_000;
      const moderation = connect('moderation', passwordOf('moderation'));
      for (;;) {
        try {
          await moderation.connect();
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(await moderation.xadd('nomadswap:events', '*', 'type', 'report.created')).toMatch(/^\d+-\d+$/);
      await expect(moderation.set('bull:avatars:1', 'x')).rejects.toThrow(/NOPERM/);
      const anonymous = connect(undefined);
      await anonymous.connect().catch(() => {});
      await expect(anonymous.get('anything')).rejects.toThrow(/NOAUTH/);
      const wrongPassword = connect('gateway', passwordOf('items'));
      await wrongPassword.connect().catch(() => {});
      await expect(wrongPassword.ping()).rejects.toThrow(/WRONGPASS|NOAUTH|closed/);
      const gateway = connect('gateway', passwordOf('gateway'));
      await gateway.connect();
      expect(await gateway.ping()).toBe('PONG');
    } finally {
      fromFile.kill('SIGTERM');
    }
  });
});
