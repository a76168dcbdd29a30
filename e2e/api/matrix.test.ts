import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute, type ServiceName } from '@nomadswap/contracts/routes';
import { MATRIX, expectedOf, type MatrixRow } from './matrix-table';
import { expectErrorFormat } from './support/error-format';
import { servedRoutes } from './support/routes';
import { createWorld, PERSONAS, type World } from './support/world';
import request from 'supertest';

let world: World;
beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

const servicesOf = (row: MatrixRow): ServiceName[] => {
  if (row.services) return [...row.services];
  const rule = findRoute(row.path.replace(/:\w+/g, '0'));
  return rule ? [rule.service] : [];
};
const keyOf = (service: string, method: string, path: string) => `${service} ${method} ${path}`;

describe('the authorization matrix covers every route', () => {
  it('every route a service serves has a row, and every row names a served route of the service the gateway routes it to', () => {
    const served = Object.entries(world.stack.apps).flatMap(([service, app]) =>
      servedRoutes(app).map((r) => keyOf(service, r.method, r.path)),
    );
    const rows = MATRIX.flatMap((row) =>
      servicesOf(row).map((service) => keyOf(service, row.method, row.path)),
    );
    expect(served.length).toBeGreaterThan(40);
    expect([...served].sort()).toEqual([...rows].sort());
  });
});

describe.each(MATRIX.map((row) => ({ row, name: `${row.method} ${row.path}` })))('$name', ({ row }) => {
  it.each(PERSONAS.map((persona) => ({ persona, status: expectedOf(row, persona) })))(
    'as $persona → $status',
    async ({ persona, status }) => {
      const prepared = (await row.prepare?.(world, persona)) ?? {};
      const req = { method: row.method, path: row.path, ...prepared };
      const headers = { ...world.headersOf(persona), ...prepared.headers };
      if (row.services) {
        for (const service of row.services) {
          const res = await request(world.stack.apps[service])[row.method === 'GET' ? 'get' : 'post'](
            req.path,
          );
          expect(res.status, `${service} ${req.path}`).toBe(status);
        }
        return;
      }
      const res = await world.send({ ...req, headers }, {});
      expect(res.status, `${row.method} ${req.path} as ${persona}: ${res.text?.slice(0, 300)}`).toBe(status);
      if (status >= 400) expectErrorFormat(res, `${row.method} ${req.path} as ${persona}`);
    },
  );
});
