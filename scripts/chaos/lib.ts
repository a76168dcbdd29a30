/**
 * Helpers of the fault-injection runs (scripts/chaos/run.ts and the short version in chaos.test.ts): a whole
 * stack started with the launcher's own code (so each process can be killed and is restarted by its
 * supervisor), API calls through the gateway, users, and Redis Streams consumer-group lag.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from '@nomadswap/service-kit/redis';
import { io as connect, type Socket } from 'socket.io-client';
import { freePort } from '@nomadswap/dev-stores/free-port';
import { jpeg, toDataUrl } from '@nomadswap/dev-stores/test-images';
import { createStack, type StackInfo } from '../lib/stack';

export type Stack = ReturnType<typeof createStack>;

export interface ChaosStack {
  stack: Stack;
  info: StackInfo;
  /** The gateway, e.g. http://127.0.0.1:41234 */
  base: string;
  admin: string;
  /** A client of the stack's Redis for inspecting streams and queues (reconnects after a restart). */
  redis: Redis;
  close(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws, naming `what`). */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    await sleep(everyMs);
  }
  throw new Error(
    `Timed out after ${timeoutMs / 1000} s waiting for ${what}${lastError ? ` (${String(lastError)})` : ''}`,
  );
}

/**
 * Settings of the stack under test: no gateway flood limit (the load is ours), image jobs that give up their
 * lock after 3 s (a killed worker's jobs are taken over quickly), the API not waiting for image jobs, and
 * logs at warn so the run's output stays readable. Values already in the environment win.
 */
const CHAOS_ENV: Record<string, string> = {
  API_RATE_LIMIT_PER_MINUTE: '100000000',
  REGISTER_LIMIT_PER_HOUR: '100000',
  MESSAGES_PER_MINUTE: '100000',
  IMAGE_LOCK_MS: '3000',
  IMAGE_WAIT_MS: '0',
  IMAGE_CONCURRENCY: '4',
};

export async function startChaosStack(
  options: { logLevel?: string; replicas?: Record<string, number> } = {},
): Promise<ChaosStack> {
  for (const [key, value] of Object.entries(CHAOS_ENV)) process.env[key] ??= value;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-chaos-'));
  const port = await freePort();
  const stack = createStack({
    port,
    dataDir,
    skipWebBuild: true,
    seedDemoData: false,
    logLevel: options.logLevel ?? 'warn',
    replicas: options.replicas,
  });
  let info: StackInfo;
  try {
    info = await stack.start();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const base = `http://127.0.0.1:${port}`;
  const redis = new Redis(info.redisUrl, {
    maxRetriesPerRequest: 3,
    retryStrategy: (attempt) => Math.min(attempt * 200, 1_000),
  });
  redis.on('error', () => {});
  const login = await api(base, 'POST', '/api/auth/login', null, {
    email: info.adminEmail,
    password: info.adminPassword,
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  return {
    stack,
    info,
    base,
    admin: (login.body as { token: string }).token,
    redis,
    async close() {
      redis.disconnect();
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer {
  status: number;
  ms: number;
  contentType: string;
  text: string;
  body: unknown;
}

/** One call through the gateway; a network error answers status 0 (never throws). */
export async function api(
  base: string,
  method: string,
  urlPath: string,
  token: string | null,
  body?: unknown,
  timeoutMs = 15_000,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  try {
    const response = await fetch(`${base}${urlPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return {
      status: response.status,
      ms: performance.now() - started,
      contentType: response.headers.get('content-type') ?? '',
      text,
      body: parsed,
    };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      contentType: '',
      text: String(error),
      body: undefined,
    };
  }
}

export interface ChaosUser {
  id: string;
  token: string;
  email: string;
}

let avatar: string | undefined;
let userCounter = 0;

/** Registers a user through the gateway and approves them with the admin's token. */
export async function createUser(chaos: ChaosStack, label: string): Promise<ChaosUser> {
  avatar ??= toDataUrl(await jpeg(64, 64), 'image/jpeg');
  const n = `${Date.now().toString(36)}${(userCounter++).toString(36)}`;
  const email = `${label}-${n}@chaos.example`;
  const registered = await api(chaos.base, 'POST', '/api/auth/register', null, {
    fullName: `Chaos ${label} ${n}`,
    username: `${label}_${n}`.slice(0, 30),
    email,
    location: 'Lisbon, Portugal',
    password: 'chaos-password-1',
    bio: 'A traveller made by the chaos run to exercise the stack.',
    avatar,
  });
  if (registered.status !== 201 && registered.status !== 200) {
    throw new Error(`registration failed: ${registered.status} ${registered.text.slice(0, 200)}`);
  }
  const { token, user } = registered.body as { token: string; user: { id: string } };
  const approved = await api(chaos.base, 'POST', `/api/admin/approve-user/${user.id}`, chaos.admin);
  if (approved.status !== 200) throw new Error(`approval failed: ${approved.status} ${approved.text}`);
  return { id: user.id, token, email };
}

export const ITEM_FIELDS = {
  description: 'A sturdy item listed by the chaos run; in good shape and ready to swap.',
  category: 'Electronics',
  condition: 'good',
  location: 'Lisbon, Portugal',
  preferredExchange: 'Anything useful',
};

/**
 * The consumer group's state for the events stream: entries not yet delivered to it (`lag`, Redis 7) and
 * delivered but unacknowledged (`pending`).
 */
export async function groupState(
  redis: Redis,
  group: string,
  stream = 'nomadswap:events',
): Promise<{ lag: number; pending: number; lastDelivered: string }> {
  const groups = (await redis.call('XINFO', 'GROUPS', stream)) as unknown[][];
  for (const row of groups) {
    const fields: Record<string, unknown> = {};
    for (let i = 0; i + 1 < row.length; i += 2) fields[String(row[i])] = row[i + 1];
    if (fields.name === group) {
      return {
        lag: Number(fields.lag ?? 0),
        pending: Number(fields.pending ?? 0),
        lastDelivered: String(fields['last-delivered-id']),
      };
    }
  }
  throw new Error(`no consumer group ${group} on ${stream}`);
}

/** Every event envelope of the stream of the given types (XRANGE over the whole stream). */
export async function streamEvents(
  redis: Redis,
  types: string[],
  stream = 'nomadswap:events',
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const entries = (await redis.call('XRANGE', stream, '-', '+')) as [string, string[]][];
  const out: { type: string; data: Record<string, unknown> }[] = [];
  for (const [, fields] of entries) {
    const envelope = fields[fields.indexOf('envelope') + 1];
    if (!envelope) continue;
    const parsed = JSON.parse(envelope) as { type: string; data: Record<string, unknown> };
    if (types.includes(parsed.type)) out.push(parsed);
  }
  return out;
}

/** A Socket.IO chat client through the gateway (WebSocket only, quick reconnection). */
export function connectChat(base: string, token: string): Socket {
  return connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    forceNew: true,
  });
}

/** A small distinct JPEG data URL per call (the image worker renders its variants). */
export async function photo(seed: number): Promise<string> {
  return toDataUrl(await jpeg(320 + (seed % 40), 240), 'image/jpeg');
}
