import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '@nomadswap/service-kit/testing';
import { formatLine } from '../lib/log';
import { loadLocalSecrets } from '../lib/secrets';
import { Supervised } from '../lib/supervisor';
import { parseReplicas } from '../lib/stack';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('local secrets', () => {
  it('are generated once, kept private in DATA_DIR, and reused on the next start', () => {
    delete process.env.JWT_SECRET;
    delete process.env.ADMIN_PASSWORD;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    const first = loadLocalSecrets(dir);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.adminPassword.length).toBeGreaterThanOrEqual(12);
    // A P-256 pair as web-push expects it: 65-byte uncompressed public key, 32-byte private key.
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey, 'base64url')).toHaveLength(32);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadLocalSecrets(dir)).toEqual(first);
  });

  it('come from the environment when given there, and are not written to disk', () => {
    process.env.JWT_SECRET = 'from-env-'.padEnd(40, 'x');
    process.env.ADMIN_PASSWORD = 'env-password';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    const secrets = loadLocalSecrets(dir);
    expect(secrets).toMatchObject({ jwtSecret: process.env.JWT_SECRET, adminPassword: 'env-password' });
    expect(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).not.toContain('env-password');
  });
});

describe('log formatting', () => {
  it('turns a pino request line into method, url, status and duration', () => {
    const line = JSON.stringify({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/items' },
      res: { statusCode: 200 },
      responseTime: 3.4,
    });
    expect(formatLine('items', line)).toMatch(/\[items\]\s+INFO\s+GET \/api\/items → 200 \(3 ms\)/);
  });

  it('keeps the details of warnings and passes non-JSON lines through', () => {
    expect(formatLine('auth', JSON.stringify({ level: 40, msg: 'slow', ms: 900 }))).toContain(
      'slow {"ms":900}',
    );
    expect(formatLine('mongo', 'plain text')).toMatch(/\[mongo\]\s+plain text$/);
  });
});

describe('supervisor', () => {
  it('restarts a process that dies on its own, and stops it for good on stop()', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sup-'));
    const counter = path.join(dir, 'starts');
    const child = new Supervised({
      name: 'crashy',
      command: process.execPath,
      args: [
        '-e',
        `require('fs').appendFileSync(${JSON.stringify(counter)}, 'x'); setTimeout(() => process.exit(1), 50)`,
      ],
      env: process.env,
      cwd: dir,
    });
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (() => true) as typeof process.stdout.write;
    const starts = () => (fs.existsSync(counter) ? fs.readFileSync(counter, 'utf8').length : 0);
    // The restart backoff runs on timers the test can move (they also follow real time meanwhile).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      child.start();
      // The first restart comes 1 s after the first exit, the next one 2 s after the second.
      await eventually(() => starts() >= 2, 15_000);
      await child.stop();
      expect(starts()).toBe(2);
      // Stopped for good: even the longest backoff (30 s) passing starts nothing (a start spawns at once, so the
      // pid would change), checked at once instead of waited for.
      const pid = child.pid;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(child.pid).toBe(pid);
      expect(starts()).toBe(2);
    } finally {
      vi.useRealTimers();
      process.stdout.write = write;
    }
  });
});

describe('supervisor during start-up', () => {
  it('reports a process that exits before the stack is up, with its last output, instead of restarting it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sup-'));
    const child = new Supervised({
      name: 'badconfig',
      command: process.execPath,
      args: [
        '-e',
        "console.error('Invalid configuration: JWT_SECRET must be at least 32 characters'); process.exit(1)",
      ],
      env: process.env,
      cwd: dir,
    });
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (() => true) as typeof process.stdout.write;
    try {
      const reason = await new Promise<string>((resolve) => {
        child.failFastDuringStartup(resolve);
        child.start();
      });
      expect(reason).toContain('badconfig exited during start-up (code 1)');
      expect(reason).toContain('JWT_SECRET must be at least 32 characters');
    } finally {
      process.stdout.write = write;
      await child.stop();
    }
  });
});

describe('REPLICAS', () => {
  it('reads name:count pairs for services and workers, counts 1 to 16', () => {
    expect(parseReplicas('auth:2, items:16,messaging:1,moderation:2,items-worker:3')).toEqual({
      auth: 2,
      items: 16,
      messaging: 1,
      moderation: 2,
      'items-worker': 3,
    });
    expect(parseReplicas('')).toEqual({});
  });

  it.each(['items:17', 'items:0', 'gateway:2', 'items', 'items:two', 'items:2:3'])(
    'refuses %s, naming the entry and what is allowed',
    (text) => {
      expect(() => parseReplicas(text)).toThrow(`has "${text}": use name:count with a count of 1–16`);
    },
  );
});
