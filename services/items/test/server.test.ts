import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores, spawnService, type TestStores } from '@nomadswap/service-kit/testing';

const entry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const workerEntry = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
let stores: TestStores;
beforeAll(async () => {
  stores = await createTestStores({ service: 'items' });
});
afterAll(() => stores.close());

describe('items server', () => {
  it('starts as the launcher starts it, answers /healthz, and exits 0 on SIGTERM', async () => {
    const service = await spawnService(entry, stores.env);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${service.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', service: 'items', mongo: 'up', redis: 'up' });
    expect(await service.stop()).toBe(0);
    expect(service.logs.map((line) => line.msg)).toContain('shutdown complete');
  });

  it('runs the image worker as its own process, answering /healthz, and exits 0 on SIGTERM', async () => {
    const worker = await spawnService(workerEntry, stores.env);
    const res = await fetch(`${worker.url}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok', service: 'items-worker', mongo: 'up', redis: 'up' });
    expect(worker.logs.map((line) => line.msg)).toContain('items worker processing images');
    expect(await worker.stop()).toBe(0);
  });

  it('when the configuration is invalid, it exits 1 naming the variable', async () => {
    await expect(spawnService(entry, { ...stores.env, JWT_SECRET: 'short' })).rejects.toThrow(
      /exited with 1[\s\S]*JWT_SECRET must be at least 32 characters/,
    );
  });
});
