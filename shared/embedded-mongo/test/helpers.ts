import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, MongoClient, MongoServerError } from 'mongodb';
import { afterAll, beforeAll, expect } from 'vitest';
import { startEmbeddedMongo } from '../src/index';

/** True when the suite runs against a real MongoDB (MONGO_URL) instead of the embedded engine. */
export const usingRealMongo = !!process.env.MONGO_URL;

export interface TestServer {
  uri: string;
  /** Log lines of the embedded engine (empty against a real MongoDB). */
  logs: string[];
  stop(): Promise<void>;
}

/**
 * The server under test: the real MongoDB at MONGO_URL when set, otherwise a fresh embedded engine with a fast
 * TTL monitor so TTL tests finish in seconds.
 */
export async function startTestServer(): Promise<TestServer> {
  if (process.env.MONGO_URL) return { uri: process.env.MONGO_URL, logs: [], stop: async () => {} };
  const logs: string[] = [];
  const server = await startEmbeddedMongo({ port: 0, ttlMonitorIntervalMs: 1000, log: (l) => logs.push(l) });
  return { uri: server.uri, logs, stop: () => server.stop() };
}

/** The server, a connected client and a database of one test file; read inside tests (set by its beforeAll). */
export interface TestDb {
  readonly server: TestServer;
  readonly client: MongoClient;
  readonly db: Db;
}

/**
 * Starts the server under test before the calling file's tests and connects to a database of its own (named
 * after `prefix`); after them drops the database, closes the client and stops the server.
 */
export function openTestDb(prefix: string): TestDb {
  let opened: TestDb | undefined;
  beforeAll(async () => {
    const server = await startTestServer();
    const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
    opened = { server, client, db: client.db(uniqueDbName(prefix)) };
  });
  afterAll(async () => {
    await opened?.db.dropDatabase();
    await opened?.client.close();
    await opened?.server.stop();
  });
  const get = (): TestDb => {
    if (!opened) throw new Error('openTestDb: read inside a test, after beforeAll');
    return opened;
  };
  return {
    get server() {
      return get().server;
    },
    get client() {
      return get().client;
    },
    get db() {
      return get().db;
    },
  };
}

/** The server error `p` rejects with; fails the test when it answers or throws anything else. */
export async function rejection(p: Promise<unknown>): Promise<MongoServerError> {
  const outcome = await p.then(
    (value) => ({ value }),
    (err: unknown) => ({ err }),
  );
  if (!('err' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.err).toBeInstanceOf(MongoServerError);
  return outcome.err as MongoServerError;
}

/** A database name no other test file (or earlier run against a shared real server) uses. */
export function uniqueDbName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Host and port of a mongodb:// URI, for raw-socket tests. */
export function hostPort(uri: string): { host: string; port: number } {
  const u = new URL(uri.replace(/^mongodb(\+srv)?:\/\//, 'http://'));
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return { host, port: Number(u.port || 27017) };
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'nomadswap-mongo.mjs');

export interface CliProcess {
  child: ChildProcess;
  uri: string;
  stderr: () => string;
}

/** Spawns the CLI on a free port and resolves with the URI from its "listening on" line. */
export function spawnCli(args: string[]): Promise<CliProcess> {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${err}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /embedded-mongo listening on (mongodb:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, uri: m[1] as string, stderr: () => err });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${err}`));
    });
  });
}

/** Resolves with the exit code/signal once the child is gone. */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
