import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, WORKER_NODE_ARGS } from '../lib/stack';

const SERVICES = ['auth', 'items', 'messaging', 'moderation'];

/** The Redis users' passwords, one per service and the gateway (docker-compose.yml, docs/operations.md). */
const REDIS_USERS = ['auth', 'items', 'messaging', 'moderation', 'gateway'] as const;
const redisPasswordVar = (user: string) => `REDIS_${user.toUpperCase()}_PASSWORD`;
const REDIS_SECRETS = Object.fromEntries(REDIS_USERS.map((u) => [redisPasswordVar(u), `secret-of-${u}`]));

/** The containers that scale (`deploy.replicas` from `<NAME>_REPLICAS`): each service and each worker. */
const SCALABLE = ['auth', 'auth-worker', 'items', 'items-worker', 'messaging', 'moderation'] as const;
const replicasVar = (name: string) => `${name.toUpperCase().replace('-', '_')}_REPLICAS`;

function compose(args: string[], env: Record<string, string | undefined>) {
  const cleanEnv = { ...process.env };
  delete cleanEnv.JWT_SECRET;
  delete cleanEnv.ADMIN_EMAIL;
  delete cleanEnv.ADMIN_PASSWORD;
  for (const user of REDIS_USERS) delete cleanEnv[redisPasswordVar(user)];
  for (const name of SCALABLE) delete cleanEnv[replicasVar(name)];
  return spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...cleanEnv, ...REDIS_SECRETS, ...env },
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

describe('docker-compose Redis users and published ports', () => {
  // docker-compose takes seconds to start on a busy machine: one rendering serves these checks.
  let rendered: string | undefined;
  const config = () =>
    (rendered ??= compose(['config'], {
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'pw',
    }).stdout);
  const section = (text: string, name: string) => {
    const start = text.indexOf(`\n  ${name}:\n`);
    const next = text.slice(start + 1).search(/\n {2}[a-z-]+:\n/);
    return next === -1 ? text.slice(start) : text.slice(start, start + 1 + next);
  };

  it('turns the default user off and gives each service and the gateway its own ACL user, password from .env', () => {
    const redis = section(config(), 'redis');
    // The command is a long string, which the rendering folds as a YAML double-quoted scalar: unfold it.
    const command = redis
      .replace(/\\\n\s*/g, '')
      .replace(/\\ /g, ' ')
      .replace(/\\n/g, ' ')
      .replace(/\s+/g, ' ');
    expect(command).toContain('--user default off');
    for (const user of REDIS_USERS) {
      expect(command).toContain(`--user ${user} on >secret-of-${user} resetchannels -@all `);
    }
    const file = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    for (const user of REDIS_USERS) expect(file).toContain(`>\${${redisPasswordVar(user)}:?`);
  });

  it('connects every service, its worker and the gateway to Redis as their own user', () => {
    const text = config();
    const owners: Record<string, string> = {
      auth: 'auth',
      'auth-worker': 'auth',
      items: 'items',
      'items-worker': 'items',
      messaging: 'messaging',
      moderation: 'moderation',
      gateway: 'gateway',
    };
    for (const [service, user] of Object.entries(owners)) {
      expect(section(text, service)).toContain(`REDIS_URL: redis://${user}:secret-of-${user}@redis:6379`);
    }
  });

  it('refuses to start without the Redis passwords', () => {
    const result = compose(['config', '-q'], {
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'pw',
      REDIS_ITEMS_PASSWORD: '',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('REDIS_ITEMS_PASSWORD');
  });

  it("publishes Mailpit's web UI on 127.0.0.1 only, and lists every secret in .env.example", () => {
    expect(section(config(), 'mailpit')).toMatch(/- 127\.0\.0\.1:8025:8025/);
    const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    for (const user of REDIS_USERS) expect(example).toMatch(new RegExp(`^${redisPasswordVar(user)}=$`, 'm'));
  });
});

describe('docker-compose replicas', () => {
  const secrets = { JWT_SECRET: 'x'.repeat(40), ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'pw' };
  /** A service's block in the rendered config, up to the next service at the same depth. */
  const block = (text: string, name: string) => {
    const start = text.indexOf(`\n  ${name}:\n`);
    const rest = text.slice(start + 1);
    const next = rest.slice(1).search(/\n {2}[a-z-]+:\n/);
    return next === -1 ? rest : rest.slice(0, next + 1);
  };
  const replicasOf = (text: string, name: string) =>
    /\n {4}deploy:\n {6}replicas: (\d+)\n/.exec(block(text, name))?.[1];

  it('runs one replica of each service and worker by default', () => {
    const text = compose(['config'], secrets).stdout;
    for (const name of SCALABLE) expect(replicasOf(text, name), name).toBe('1');
  });

  it("takes each service's and worker's count from its own <NAME>_REPLICAS", () => {
    const counts = Object.fromEntries(SCALABLE.map((name, i) => [replicasVar(name), String(i + 2)]));
    const text = compose(['config'], { ...secrets, ...counts }).stdout;
    SCALABLE.forEach((name, i) => expect(replicasOf(text, name), name).toBe(String(i + 2)));
  });

  it('refuses a count that is not a whole number, naming the service', () => {
    const result = compose(['config', '-q'], { ...secrets, ITEMS_REPLICAS: 'two' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('items.deploy.replicas');
  });

  it('has nothing that pins a scaled service to one container: no container name, host name or host port', () => {
    const text = compose(['config'], secrets).stdout;
    for (const name of SCALABLE) {
      const service = block(text, name);
      expect(service, name).not.toMatch(/\n {4}(container_name|hostname|ports):/);
    }
  });

  it('the gateway reaches every replica: upstreams by service name, re-resolved to all their addresses', () => {
    const gateway = block(compose(['config'], secrets).stdout, 'gateway');
    const upstreams = {
      AUTH_URL: 'auth:4001',
      ITEMS_URL: 'items:4002',
      MESSAGING_URL: 'messaging:4003',
      MODERATION_URL: 'moderation:4004',
    };
    for (const [variable, host] of Object.entries(upstreams)) {
      expect(gateway).toContain(`${variable}: http://${host}\n`);
    }
    const discovery = /UPSTREAM_DISCOVERY_MS: '?(\d+)'?\n/.exec(gateway)?.[1];
    expect(Number(discovery)).toBeGreaterThan(0);
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
  /** The services share services/Dockerfile, built once per service with the build argument SERVICE. */
  const images: { name: string; file: string; args: Record<string, string> }[] = [
    ...SERVICES.map((service) => ({
      name: service,
      file: 'services/Dockerfile',
      args: { SERVICE: service },
    })),
    { name: 'gateway', file: 'gateway/Dockerfile', args: {} as Record<string, string> },
  ];

  it.each(images)(
    'the $name image is multi-stage, non-root, with a healthcheck',
    ({ file: dockerfile, args }) => {
      const file = fs.readFileSync(path.join(ROOT, dockerfile), 'utf8');
      expect(file.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
      expect(file).toMatch(/^USER node$/m);
      expect(file).toMatch(/^HEALTHCHECK /m);
      expect(file).toMatch(/npm ci --omit=dev/);
      // Every file the image copies must exist in the repository, with the build arguments filled in.
      for (const match of file.matchAll(/^COPY (?!--from)(\S+) /gm)) {
        const source = (match[1] ?? '').replace(
          /\$\{(\w+)\}/g,
          (_, name: string) => args[name] ?? `<${name} unset>`,
        );
        expect(fs.existsSync(path.join(ROOT, source)), `${dockerfile} copies ${source}`).toBe(true);
      }
    },
  );

  /** The workspaces' package.json files, by package name. */
  const workspaces = new Map<string, { dir: string; deps: string[] }>();
  const rootManifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const dir of rootManifest.workspaces) {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const deps = Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@nomadswap/'));
    workspaces.set(manifest.name, { dir, deps });
  }
  /** The workspace folders a package needs at run time: its own and its @nomadswap dependencies', transitively. */
  function runtimeDirs(name: string, seen = new Set<string>()): Set<string> {
    const workspace = workspaces.get(name)!;
    if (seen.has(workspace.dir)) return seen;
    seen.add(workspace.dir);
    for (const dep of workspace.deps) runtimeDirs(dep, seen);
    return seen;
  }

  it.each(images)(
    'the $name image copies every workspace manifest for npm ci, and the source of every workspace it runs',
    ({ name, file: dockerfile, args }) => {
      const file = fs.readFileSync(path.join(ROOT, dockerfile), 'utf8');
      const copied = [...file.matchAll(/^COPY (?!--from)(\S+) /gm)].map((match) =>
        (match[1] ?? '').replace(/\$\{(\w+)\}/g, (_, variable: string) => args[variable] ?? ''),
      );
      // npm ci checks the lockfile against every workspace's manifest.
      for (const dir of rootManifest.workspaces) expect(copied, dockerfile).toContain(`${dir}/package.json`);
      const runtime = file.slice(file.lastIndexOf('\nFROM '));
      const runtimeCopies = [...runtime.matchAll(/^COPY (?!--from)(\S+) /gm)].map((match) =>
        (match[1] ?? '').replace(/\$\{(\w+)\}/g, (_, variable: string) => args[variable] ?? ''),
      );
      for (const dir of runtimeDirs(`@nomadswap/${name}`)) expect(runtimeCopies, dockerfile).toContain(dir);
    },
  );

  it('compose builds each service from services/Dockerfile with its own SERVICE, and runs that service', () => {
    const compose = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    for (const service of SERVICES) {
      const block = new RegExp(
        `^  ${service}:\\n    build: \\{ context: \\., dockerfile: services/Dockerfile, args: \\{ SERVICE: (\\w+) \\} \\}`,
        'm',
      ).exec(compose);
      expect(block?.[1], `compose service ${service}`).toBe(service);
    }
    const file = fs.readFileSync(path.join(ROOT, 'services/Dockerfile'), 'utf8');
    expect(file).toMatch(
      /^CMD \["sh", "-c", "exec node --import tsx services\/\$\{SERVICE\}\/src\/server\.ts"\]$/m,
    );
    expect(file).toMatch(/npm ci --omit=dev --workspace "@nomadswap\/\$\{SERVICE\}"/);
  });
});
