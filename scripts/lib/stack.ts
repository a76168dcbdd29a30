import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRedis, type RedisHandle } from '@nomadswap/dev-stores/redis-server';
import { freePort, waitForPort } from '@nomadswap/dev-stores/free-port';
import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import { say } from './log';
import { loadLocalSecrets } from './secrets';
import { seedIfNeeded } from './seed';
import { Supervised, type ProcessSpec } from './supervisor';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * V8 options of the worker processes (image jobs). A young generation of up to 64 MiB per semi-space lets the
 * short-lived objects of a job (driver replies, job state, buffers' wrappers) die young instead of being
 * promoted, which took the items worker from about one full mark-compact per 12 photos to a handful per
 * 300 (bench/items.ts). docker-compose.yml starts its workers with the same option.
 */
export const WORKER_NODE_ARGS = ['--max-semi-space-size=64'];

export interface StackOptions {
  port: number;
  dataDir: string;
  host?: string;
  logLevel?: string;
  skipWebBuild?: boolean;
  /** Add the demo marketplace on the first start of a data folder (default true). */
  seedDemoData?: boolean;
  /**
   * Processes per service (`auth`, `items`, …) or worker (`auth-worker`, …), default 1 each. A service's
   * replicas listen on ports of their own and the gateway round-robins them (its `<SERVICE>_URL` lists them);
   * workers share their queues through Redis.
   */
  replicas?: Readonly<Record<string, number>>;
}

/** The names `REPLICAS` may use: each service and each service's worker (whether or not it has one). */
export const REPLICA_NAMES = SERVICES.flatMap((service) => [service, `${service}-worker`]);

/**
 * `REPLICAS=auth:2,items:2,messaging:2,moderation:2` (and `items-worker:2`…) as counts by name; an error names
 * the first bad entry. Each count is 1–16.
 */
export function parseReplicas(text: string): Record<string, number> {
  const replicas: Record<string, number> = {};
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z-]+):(\d+)$/.exec(entry);
    const count = Number(match?.[2]);
    if (!match || !REPLICA_NAMES.includes(match[1]!) || count < 1 || count > 16) {
      throw new Error(
        `has "${entry}": use name:count with a count of 1–16 and a name of ${REPLICA_NAMES.join(', ')}`,
      );
    }
    replicas[match[1]!] = count;
  }
  return replicas;
}

export interface StackInfo {
  url: string;
  dataDir: string;
  mongoUrl: string;
  redisUrl: string;
  services: Record<ServiceName, string>;
  adminEmail: string;
  adminPassword: string;
  adminPasswordGenerated: boolean;
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the web app when dist/ is missing or older than its sources (and the shared contracts it imports). */
export function buildWebIfNeeded(): void {
  const built = path.join(ROOT, 'web/dist/index.html');
  const sources = [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'shared/contracts/src',
  ].map((p) => path.join(ROOT, p));
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...sources.map(newestMtime)) <= builtAt) return;
  say('building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@nomadswap/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app failed to build (see above).');
}

async function assertPortFree(port: number, host: string) {
  const net = await import('node:net');
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () =>
      reject(
        new Error(`Port ${port} is already in use. Stop what uses it or choose another: PORT=8081 npm start`),
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/**
 * Starts the whole stack as separate processes: Redis (REDIS_URL or a private redis-server), the embedded
 * MongoDB engine (unless MONGO_URL), the four services, any service workers, and the gateway. Resolves when
 * the gateway reports every part healthy.
 */
export function createStack(options: StackOptions) {
  const processes: Supervised[] = [];
  let redis: RedisHandle | undefined;
  const stop = async () => {
    // Front to back: stop taking traffic first, the stores last.
    const gateway = processes.filter((p) => p.name === 'gateway');
    const services = processes.filter((p) => p.name !== 'gateway' && p.name !== 'mongo');
    const mongo = processes.filter((p) => p.name === 'mongo');
    for (const group of [gateway, services, mongo]) await Promise.all(group.map((p) => p.stop()));
    await redis?.stop();
  };
  return {
    start: () => startStack(options, processes, (handle) => (redis = handle)),
    stop,
    /** Every supervised process (name and current pid), e.g. to sample their memory (bench/soak.ts). */
    processes(): readonly Supervised[] {
      return processes;
    },
    /** The supervised process called `name` (`auth`, `items-worker`, `mongo`, `gateway`…), for fault injection. */
    process(name: string): Supervised {
      const found = processes.find((p) => p.name === name);
      if (!found) throw new Error(`No process named ${name} in the stack`);
      return found;
    },
    /**
     * Stops the private redis-server (SIGTERM: it writes its append-only file) and, after `downMs`, starts it
     * again on the same port and data folder (scripts/chaos). Not possible with an external REDIS_URL.
     */
    async restartRedis(downMs = 0): Promise<void> {
      if (!redis || process.env.REDIS_URL) throw new Error('Only the private redis-server can be restarted');
      const port = Number(new URL(redis.url).port);
      await redis.stop();
      await new Promise((r) => setTimeout(r, downMs));
      const dataDir = path.join(path.resolve(ROOT, options.dataDir), 'redis');
      redis = await ensureRedis({ dataDir, port, log: say });
    },
  };
}

async function startStack(
  options: StackOptions,
  processes: Supervised[],
  setRedis: (handle: RedisHandle) => void,
) {
  const host = options.host ?? '127.0.0.1';
  const dataDir = path.resolve(ROOT, options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  await assertPortFree(options.port, host);
  if (!options.skipWebBuild) buildWebIfNeeded();
  // A process that dies before the stack is healthy fails the start at once, with its own last words.
  let failStartup: (reason: string) => void = () => {};
  const startupFailed = new Promise<never>((_resolve, reject) => {
    failStartup = (reason) => reject(new Error(reason));
  });
  startupFailed.catch(() => {});
  const supervise = (spec: ProcessSpec) => {
    const child = new Supervised(spec);
    child.failFastDuringStartup(failStartup);
    processes.push(child);
    child.start();
  };

  const redis = await ensureRedis({ dataDir: path.join(dataDir, 'redis'), log: say });
  setRedis(redis);
  say(
    process.env.REDIS_URL ? `using Redis at ${redis.url}` : `started a private redis-server at ${redis.url}`,
  );

  let mongoUrl = process.env.MONGO_URL;
  if (mongoUrl) {
    say('using the MongoDB at MONGO_URL');
  } else {
    const mongoPort = await freePort();
    supervise({
      name: 'mongo',
      command: process.execPath,
      args: [
        'shared/embedded-mongo/bin/nomadswap-mongo.mjs',
        '--port',
        String(mongoPort),
        '--dbpath',
        path.join(dataDir, 'mongo'),
      ],
      env: process.env,
      cwd: ROOT,
    });
    await Promise.race([waitForPort(mongoPort, '127.0.0.1', 30_000), startupFailed]);
    mongoUrl = `mongodb://127.0.0.1:${mongoPort}`;
  }

  const secrets = loadLocalSecrets(dataDir);
  const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@nomadswap.local';
  const countOf = (name: string) => options.replicas?.[name] ?? 1;
  // Each replica of a service listens on a port of its own; the gateway gets the whole list (<SERVICE>_URL).
  const ports = Object.fromEntries(
    await Promise.all(
      SERVICES.map(
        async (s) => [s, await Promise.all(Array.from({ length: countOf(s) }, () => freePort()))] as const,
      ),
    ),
  ) as Record<ServiceName, number[]>;
  const services = Object.fromEntries(
    SERVICES.map((s) => [s, ports[s].map((port) => `http://127.0.0.1:${port}`).join(',')]),
  ) as Record<ServiceName, string>;
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    HOST: '127.0.0.1',
    MONGO_URL: mongoUrl,
    REDIS_URL: redis.url,
    JWT_SECRET: secrets.jwtSecret,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: secrets.adminPassword,
    // Web push (messaging): the pair kept in DATA_DIR, unless the environment gives its own.
    VAPID_PUBLIC_KEY: secrets.vapidPublicKey,
    VAPID_PRIVATE_KEY: secrets.vapidPrivateKey,
    VAPID_SUBJECT: process.env.VAPID_SUBJECT ?? `mailto:${adminEmail}`,
    // Behind a local gateway every user comes from 127.0.0.1, so a per-IP sign-up limit of 10 an hour would only
    // stop the demo seed and local testing. Deployments keep the service default unless they set it.
    REGISTER_LIMIT_PER_HOUR: process.env.REGISTER_LIMIT_PER_HOUR ?? '1000',
    // The gateway's per-address limits, for the same reason: the seed posts every demo item, e2e and the benches
    // run many browsers and connections at once, all from 127.0.0.1.
    UPLOAD_LIMIT_PER_HOUR: process.env.UPLOAD_LIMIT_PER_HOUR ?? '100000',
    CLIENT_MAX_IN_FLIGHT: process.env.CLIENT_MAX_IN_FLIGHT ?? '256',
    SSR_RENDERS_PER_MINUTE: process.env.SSR_RENDERS_PER_MINUTE ?? '100000',
    AUTH_URL: services.auth,
    ITEMS_URL: services.items,
    MESSAGING_URL: services.messaging,
    MODERATION_URL: services.moderation,
  };
  const tsx = ['--import', 'tsx'];
  for (const service of SERVICES) {
    const entries = [['', 'server.ts'] as const, ['-worker', 'worker.ts'] as const];
    for (const [suffix, file] of entries) {
      const entry = `services/${service}/src/${file}`;
      if (!fs.existsSync(path.join(ROOT, entry))) continue;
      // Workers listen on no port (PORT 0); each of their replicas is one more process on the same queues.
      const servers = suffix ? Array.from({ length: countOf(`${service}-worker`) }, () => 0) : ports[service];
      servers.forEach((port, replica) =>
        supervise({
          name: `${service}${suffix}${replica > 0 ? `-${replica + 1}` : ''}`,
          command: process.execPath,
          args: [...(suffix ? WORKER_NODE_ARGS : []), ...tsx, entry],
          env: { ...common, PORT: String(port) },
          cwd: ROOT,
        }),
      );
    }
  }
  supervise({
    name: 'gateway',
    command: process.execPath,
    args: [...tsx, 'gateway/src/server.ts'],
    env: { ...common, HOST: host, PORT: String(options.port) },
    cwd: ROOT,
  });

  const url = `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${options.port}`;
  await Promise.race([waitForHealth(`http://127.0.0.1:${options.port}/api/health`, 120_000), startupFailed]);
  // From now on a process that dies is restarted with backoff instead.
  for (const child of processes) child.failFastDuringStartup();
  if (options.seedDemoData !== false) {
    await seedIfNeeded({
      baseUrl: `http://127.0.0.1:${options.port}`,
      dataDir,
      adminEmail,
      adminPassword: secrets.adminPassword,
    });
  }
  const info: StackInfo = {
    url,
    dataDir,
    mongoUrl,
    redisUrl: redis.url,
    services,
    adminEmail,
    adminPassword: secrets.adminPassword,
    adminPasswordGenerated: !process.env.ADMIN_PASSWORD,
  };
  fs.writeFileSync(
    path.join(dataDir, 'stack.json'),
    JSON.stringify({ ...info, adminPassword: undefined }, null, 2),
  );
  return info;
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The stack did not become healthy within ${timeoutMs / 1000} s (last answer: ${last})`);
}
