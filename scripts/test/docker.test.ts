import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, WORKER_NODE_ARGS } from '../lib/stack';

const SERVICES = ['auth', 'items', 'messaging', 'moderation'];

function compose(args: string[], env: Record<string, string | undefined>) {
  const cleanEnv = { ...process.env };
  delete cleanEnv.JWT_SECRET;
  delete cleanEnv.ADMIN_EMAIL;
  delete cleanEnv.ADMIN_PASSWORD;
  return spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...cleanEnv, ...env },
  });
}

describe('docker-compose.yml', () => {
  it('is valid for docker-compose when the required secrets are given', () => {
    const result = compose(['config', '-q'], {
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'pw',
    });
    expect(result.error, 'docker-compose must be installed (Debian package docker-compose)').toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to start without a JWT secret rather than running with a default one', () => {
    const result = compose(['config', '-q'], { ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'pw' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JWT_SECRET');
  });

  it('starts every service only after MongoDB and Redis are healthy, and the gateway after the services', () => {
    const result = compose(['config'], {
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'pw',
    });
    const text = result.stdout;
    for (const service of SERVICES) expect(text).toContain(`\n  ${service}:\n`);
    const gateway = text.slice(text.indexOf('\n  gateway:\n'));
    for (const service of SERVICES)
      expect(gateway).toContain(`${service}:\n        condition: service_healthy`);
    expect(text).toContain('mongo:\n        condition: service_healthy');
  });
});

describe('docker-compose workers', () => {
  it('runs a worker container for every service that has a worker process', () => {
    const result = compose(['config'], {
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'pw',
    });
    const withWorker = SERVICES.filter((s) => fs.existsSync(path.join(ROOT, 'services', s, 'src/worker.ts')));
    expect(withWorker.length).toBeGreaterThan(0);
    for (const service of withWorker) {
      expect(result.stdout).toContain(`\n  ${service}-worker:\n`);
      expect(result.stdout).toContain(`services/${service}/src/worker.ts`);
    }
  });

  it('starts each worker with the V8 options `npm start` gives its workers', () => {
    const file = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const commands = [...file.matchAll(/^\s*command: \[(.*'services\/\w+\/src\/worker\.ts')\]$/gm)];
    expect(commands.length).toBeGreaterThan(0);
    for (const [, args] of commands) {
      const argv = [...args!.matchAll(/'([^']*)'/g)].map((match) => match[1]);
      expect(argv.slice(1, 1 + WORKER_NODE_ARGS.length)).toEqual(WORKER_NODE_ARGS);
    }
  });
});

describe('Dockerfiles', () => {
  it.each([...SERVICES.map((s) => `services/${s}`), 'gateway'])(
    '%s/Dockerfile is multi-stage, non-root, with a healthcheck',
    (dir) => {
      const file = fs.readFileSync(path.join(ROOT, dir, 'Dockerfile'), 'utf8');
      expect(file.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
      expect(file).toMatch(/^USER node$/m);
      expect(file).toMatch(/^HEALTHCHECK /m);
      expect(file).toMatch(/npm ci --omit=dev/);
      // Every file the image copies must exist in the repository.
      for (const match of file.matchAll(/^COPY (?!--from)(\S+) /gm)) {
        const source = match[1] ?? '';
        expect(fs.existsSync(path.join(ROOT, source)), `${dir}/Dockerfile copies ${source}`).toBe(true);
      }
    },
  );
});
