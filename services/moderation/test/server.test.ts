import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores, spawnService, type TestStores } from '@nomadswap/service-kit/testing';

const entry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
let stores: TestStores;
beforeAll(async () => {
  stores = await createTestStores({ service: 'moderation' });
});
afterAll(() => stores.close());

describe('moderation server', () => {
  it('starts as the launcher starts it, answers /healthz, and exits 0 on SIGTERM', async () => {
    const service = await spawnService(entry, stores.env);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${service.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', service: 'moderation', mongo: 'up', redis: 'up' });
    expect(await service.stop()).toBe(0);
    expect(service.logs.map((line) => line.msg)).toContain('shutdown complete');
  });

  it('when the configuration is invalid, it exits 1 naming the variable', async () => {
    await expect(spawnService(entry, { ...stores.env, JWT_SECRET: 'short' })).rejects.toThrow(
      /exited with 1[\s\S]*JWT_SECRET must be at least 32 characters/,
    );
  });
});
