import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, waitForPort } from './free-port';

export interface RedisHandle {
  url: string;
  /** Stops the private server; a no-op when REDIS_URL pointed at an external one. */
  stop(): Promise<void>;
}

export class RedisUnavailableError extends Error {}

function which(binary: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  const out = found.stdout.trim();
  return found.status === 0 && out ? out : undefined;
}

function isDebian(): boolean {
  return fs.existsSync('/etc/debian_version');
}

/**
 * Finds `redis-server`, installing it with apt-get on a Debian machine when running as root (design.md,
 * "Data stores"). Throws {@link RedisUnavailableError} with an actionable message elsewhere.
 */
export function ensureRedisBinary(log: (line: string) => void = console.log): string {
  const existing = which('redis-server');
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isDebian() && isRoot) {
    log('redis-server not found: installing it with apt-get (Debian)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env });
    const installed = which('redis-server');
    if (update.status === 0 && install.status === 0 && installed) return installed;
  }
  throw new RedisUnavailableError(
    'Redis is required. Set REDIS_URL to a running Redis 7, or install redis-server ' +
      '(Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) and try again.',
  );
}

/**
 * Uses REDIS_URL when set; otherwise starts a private redis-server on a free (or given) port, persisting to
 * `dataDir` when given (append-only file), memory-only otherwise.
 */
export async function ensureRedis(
  options: { dataDir?: string; port?: number; log?: (line: string) => void } = {},
): Promise<RedisHandle> {
  const log = options.log ?? console.log;
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  const binary = ensureRedisBinary(log);
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'yes'];
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    args.push('--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec');
  } else {
    args.push('--appendonly', 'no');
  }
  // Own process group, so a terminal's Ctrl-C does not stop Redis before the services using it have drained.
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(port, '127.0.0.1', 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new RedisUnavailableError(`redis-server did not start on port ${port}: ${stderr || String(error)}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
