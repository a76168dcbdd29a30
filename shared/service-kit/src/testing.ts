import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { freePort, waitForPort } from '@nomadswap/dev-stores/free-port';
import type { Role } from '@nomadswap/contracts/enums';
import type { EventEnvelope, EventType } from '@nomadswap/contracts/events';
import type { ExchangeEventData } from '@nomadswap/contracts/exchanges';
import {
  createAuthMiddleware,
  createTokenService,
  createUserStateStore,
  type AuthMiddleware,
  type TokenService,
  type UserStateStore,
} from './auth';
import { createEventBus, type EventBus, type EventBusOptions } from './events';
import { createLogger } from './logger';
import { connectMongo } from './mongo';
import { closeRedis, createRedis } from './redis';

declare module 'vitest' {
  /** Provided by the dev-stores global setup (shared/dev-stores/src/vitest-global-setup.ts). */
  export interface ProvidedContext {
    redisUrl: string;
    mongoUrl: string;
  }
}

/**
 * Test helpers for integration tests against the run's real stores (dev-stores' vitest global setup):
 * every call gets its own database, stream and Redis key prefix, and removes them on close().
 */
export interface TestStores {
  mongoUrl: string;
  redisUrl: string;
  dbName: string;
  stream: string;
  keyPrefix: string;
  jwt: { secret: string; issuer: string; audience: string };
  /** The environment a service process needs to run on this test's stores (PORT 0: any free port). */
  env: Record<string, string>;
  /** Silent unless TEST_LOG_LEVEL is set. */
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  tokens: TokenService;
  userState: UserStateStore;
  auth: AuthMiddleware;
  /** A bus on this test's stream; the caller starts and stops it. */
  createBus(service: string, overrides?: Partial<EventBusOptions>): EventBus;
  /**
   * The bus of the service under test, as in production: publishing through its outbox in this test's database
   * with the relay running, and quick consumer timings. The caller starts consuming and stops it.
   */
  serviceBus(service: string, overrides?: Partial<EventBusOptions>): EventBus;
  /** Every event on this test's stream so far, oldest first (only those of `type` when given). */
  events<T extends EventType>(type?: T): Promise<EventEnvelope<T>[]>;
  /** A fresh user id whose state is seeded in Redis, with a valid token for it. */
  signIn(user?: { id?: string; role?: Role; isApproved?: boolean }): Promise<TestSession>;
  /** Drops the database, deletes the stream and every key under the prefix, closes connections. */
  close(): Promise<void>;
}

export interface TestSession {
  id: string;
  role: Role;
  isApproved: boolean;
  token: string;
  jti: string;
  /** `{ Authorization: 'Bearer …' }`, ready for supertest's `.set()`. */
  headers: { Authorization: string };
}

/** A `redis://` URL on a loopback port where nothing listens, to test behaviour with Redis down. */
export async function deadRedisUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

let sequence = 0;
/** Short and unique across parallel test files (names, e-mails, usernames). */
export function unique(): string {
  sequence += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}${sequence}`;
}

/**
 * `fn` that throws `error` on its first `times` calls, then behaves (a storage hiccup for retry tests);
 * `calls()` says how often it was called.
 */
export function failingFirst<Args extends unknown[], Result>(
  times: number,
  fn: (...args: Args) => Promise<Result>,
  error: () => Error,
): ((...args: Args) => Promise<Result>) & { calls(): number } {
  let calls = 0;
  const wrapped = async (...args: Args) => {
    calls += 1;
    if (calls <= times) throw error();
    return fn(...args);
  };
  return Object.assign(wrapped, { calls: () => calls });
}

/** Polls until `check` returns something truthy (or throws with the last value after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${timeoutMs} ms (last value: ${JSON.stringify(last)})`);
}

/** A new ObjectId as the API shows it. */
export function newId(): string {
  return new mongoose.Types.ObjectId().toHexString();
}

/**
 * The data of an `exchange.*` event as messaging publishes it: by default a two-sided swap that just completed
 * (accepted and completed now, version 3) between two new users, for no item; override what the test is about.
 */
export function buildExchangeEvent(overrides: Partial<ExchangeEventData> = {}): ExchangeEventData {
  const now = new Date().toISOString();
  return {
    id: newId(),
    requesterId: newId(),
    ownerId: newId(),
    itemId: null,
    offeredItemIds: [],
    status: 'completed',
    acceptedAt: now,
    completedAt: now,
    endedAt: null,
    noShowUserId: null,
    version: 3,
    ...overrides,
  };
}

export async function createTestStores(options: {
  service: string;
  /** The clock the token service verifies expiry on (a test moves it instead of waiting). */
  now?: () => Date;
}): Promise<TestStores> {
  const suffix = randomBytes(4).toString('hex');
  const mongoUrl = inject('mongoUrl');
  const redisUrl = inject('redisUrl');
  const dbName = `test_${options.service}_${suffix}`;
  const stream = `test:${options.service}:${suffix}:events`;
  const keyPrefix = `test:${options.service}:${suffix}:`;
  const jwt = { secret: randomBytes(32).toString('hex'), issuer: 'nomadswap', audience: 'nomadswap-web' };
  const logger = createLogger(
    options.service,
    (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent',
  );

  const mongo = await connectMongo({ url: mongoUrl, dbName, logger });
  const redis = createRedis(redisUrl, { name: `test-${options.service}`, logger });
  const tokens = createTokenService({ ...jwt, redis, keyPrefix, now: options.now });
  const userState = createUserStateStore({ redis, keyPrefix });
  const auth = createAuthMiddleware({ tokens, userState, now: options.now });

  return {
    mongoUrl,
    redisUrl,
    dbName,
    stream,
    keyPrefix,
    jwt,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      MONGO_URL: mongoUrl,
      MONGO_DB: dbName,
      REDIS_URL: redisUrl,
      JWT_SECRET: jwt.secret,
      EVENTS_STREAM: stream,
      DATA_DIR: path.join(os.tmpdir(), `nomadswap-${options.service}-${suffix}`),
      SHUTDOWN_TIMEOUT_MS: '5000',
    },
    logger,
    mongo,
    redis,
    tokens,
    userState,
    auth,
    async events<T extends EventType>(type?: T) {
      const entries = (await redis.xrange(stream, '-', '+')) as [string, string[]][];
      const envelopes = entries.map(([, fields]) => {
        const envelope = fields[fields.indexOf('envelope') + 1] ?? 'null';
        return JSON.parse(envelope) as EventEnvelope;
      });
      return envelopes.filter((event) => !type || event.type === type) as EventEnvelope<T>[];
    },
    createBus: (service, overrides = {}) => createEventBus({ redis, stream, service, logger, ...overrides }),
    serviceBus(service, overrides = {}) {
      const bus = createEventBus({
        redis,
        stream,
        service,
        logger,
        blockMs: 200,
        claimIntervalMs: 200,
        claimIdleMs: 500,
        outbox: { mongo },
        ...overrides,
      });
      bus.startRelay();
      return bus;
    },
    async signIn(user = {}) {
      const id = user.id ?? newId();
      const role = user.role ?? 'user';
      const isApproved = user.isApproved ?? true;
      await userState.set(id, { role, isApproved });
      const signed = await tokens.sign({ sub: id, role });
      return {
        id,
        role,
        isApproved,
        token: signed.token,
        jti: signed.jti,
        headers: { Authorization: `Bearer ${signed.token}` },
      };
    },
    async close() {
      await mongo.dropDatabase().catch(() => undefined);
      await mongo.close();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      await closeRedis(redis);
    },
  };
}

export interface SpawnedService {
  /** `http://HOST:PORT` as the service logged it. */
  url: string;
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[];
  /** Sends `signal` (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs a service's server.ts as the launcher does (`node --import tsx <entry>` with `env`) and resolves once it
 * logs "<name> listening on http://…". Rejects with its output when it exits or stays silent for `timeoutMs`.
 */
export function spawnService(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<SpawnedService> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.dirname(entry),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      child.kill('SIGKILL');
      reject(new Error(`${reason}\n${output}`));
    };
    const timer = setTimeout(() => fail(`${entry} did not start within ${timeoutMs} ms`), timeoutMs);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(`${entry} exited with ${code}`);
    });
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        let entryLog: Record<string, unknown>;
        try {
          entryLog = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        logs.push(entryLog);
        const match = /listening on (http:\/\/\S+)/.exec(String(entryLog.msg));
        if (match?.[1]) {
          clearTimeout(timer);
          resolve({
            url: match[1],
            logs,
            async stop(signal = 'SIGTERM') {
              if (child.exitCode === null) child.kill(signal);
              return exited;
            },
          });
        }
      }
    });
  });
}

/** A private redis-server a test can stop and start again on the same port (Redis outages). */
export interface RestartableRedis {
  url: string;
  /** Kills the server (SIGKILL: as abrupt as a crash) and waits for it to be gone. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
}

export async function startRestartableRedis(): Promise<RestartableRedis> {
  const port = await freePort();
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    child = spawn('redis-server', args, { stdio: 'ignore' });
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/** What killAfterWrites throws where the killed process would have sent its events. */
export class KilledAfterWrite extends Error {
  constructor() {
    super('process killed between the database write and the publish (test)');
    this.name = 'KilledAfterWrite';
  }
}

/**
 * Makes `bus` behave like a process killed right after its database writes: its relay stops, and whatever it
 * would send once a write is done (publish, an intent's publish, a staged event's confirm) throws
 * KilledAfterWrite instead — what it stored in its outbox before the write stays, as a killed process leaves it.
 * A new bus on the same database then plays the restarted process (see passOutboxGrace).
 */
export async function killAfterWrites(bus: EventBus): Promise<void> {
  await bus.stop();
  const killed = () => Promise.reject(new KilledAfterWrite());
  const { intend, stage } = bus;
  bus.publish = killed;
  bus.intend = async (type, guard) => ({ ...(await intend(type, guard)), publish: killed });
  bus.stage = async (guard, events) => ({ ...(await stage(guard, events)), confirm: killed });
}

/** What killBeforeWrites throws where the killed process would have written. */
export class KilledBeforeWrite extends Error {
  constructor() {
    super('process killed between storing its events and the database write (test)');
    this.name = 'KilledBeforeWrite';
  }
}

/**
 * Makes `bus` behave like a process killed right after it stored a change's events in its outbox and before
 * the change itself: its relay stops, and each intent or staged event is stored, then KilledBeforeWrite is
 * thrown, so the write never runs and nothing is cancelled. The restarted process (see passOutboxGrace) must
 * then find, by each record's guard, that the change did not happen, and send nothing.
 */
export async function killBeforeWrites(bus: EventBus): Promise<void> {
  await bus.stop();
  const { intend, stage } = bus;
  bus.publish = () => Promise.reject(new KilledBeforeWrite());
  bus.intend = async (type, guard) => {
    await intend(type, guard);
    throw new KilledBeforeWrite();
  };
  bus.stage = async (guard, events) => {
    await stage(guard, events);
    throw new KilledBeforeWrite();
  };
}

/**
 * Makes `target[method]` do its work and then fail as a dropped connection does (a MongoNetworkError) for each
 * call `when` picks: the write happened, its answer never came. The caller cannot know which, so staged events
 * must stay for the relay to check. Returns a function that puts the method back.
 */
export function loseAnswersOf<T extends object, K extends keyof T>(
  target: T,
  method: K,
  when: (...args: unknown[]) => boolean = () => true,
): () => void {
  const original = target[method] as (...args: unknown[]) => Promise<unknown>;
  const own = Object.prototype.hasOwnProperty.call(target, method);
  const lossy = async function (this: unknown, ...args: unknown[]) {
    const result = await original.apply(this, args);
    if (!when(...args)) return result;
    throw Object.assign(new Error('connection closed before the answer (test)'), {
      name: 'MongoNetworkError',
    });
  };
  (target as Record<K, unknown>)[method] = lossy;
  return () => {
    if (own) (target as Record<K, unknown>)[method] = original;
    else delete (target as Record<K, unknown>)[method];
  };
}

/** Plays the passing of the grace: the relay may now check every staged record of `mongo`'s outbox. */
export async function passOutboxGrace(mongo: Connection, collection = 'outbox'): Promise<void> {
  await mongo.collection(collection).updateMany({ state: 'staged' }, { $set: { availableAt: 0 } });
}

/**
 * Lets `bus`'s relay empty `mongo`'s outbox, then stops the bus. Once nothing is left to relay and no sweep or
 * send is under way (stop() waits for them), nothing can be sent again: "sent once" is then checked at once,
 * not after waiting to see whether more relay rounds send it again.
 */
export async function drainOutbox(
  bus: EventBus,
  mongo: Connection,
  options: { collection?: string; timeoutMs?: number } = {},
): Promise<void> {
  const outbox = mongo.collection(options.collection ?? 'outbox');
  await eventually(async () => (await outbox.countDocuments()) === 0, options.timeoutMs ?? 15_000);
  await bus.stop();
}
