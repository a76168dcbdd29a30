import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '@nomadswap/service-kit/testing';
import { expectErrorFormat } from './support/error-format';
import {
  contactBody,
  createWorld,
  itemBody,
  registerBody,
  reportBody,
  type ApiRequest,
  type Caller,
  type World,
} from './support/world';

/**
 * Operator injection (issue 14): Mongo operators, arrays and nested `$nor` in every field of every write body and
 * in the filters of every list → refused with a 4xx in the error format, or taken literally so that they match
 * nothing they should not. mongoose's sanitizeFilter is the last line; the zod schemas are the first.
 */
const OPERATORS: unknown[] = [
  { $ne: null },
  { $gt: '' },
  { $regex: '.*' },
  { $where: 'sleep(100) || true' },
  { $nor: [{ $nor: [{ _id: { $exists: false } }] }] },
  ['a', 'b'],
];

let world: World;
let itemId: string;
let reportId: string;
beforeAll(async () => {
  world = await createWorld();
  itemId = await world.item(world.users.owner);
  reportId = await world.report(world.users.other);
  await world.exchange(world.users.other, world.users.owner);
});
afterAll(async () => {
  await world?.close();
});

interface WriteCase {
  method: ApiRequest['method'];
  path: () => string;
  caller: () => Caller | undefined;
  body: () => Record<string, unknown>;
}

/** Every write route with a body, sent by someone allowed to use it on a real target. */
const WRITES: Record<string, WriteCase> = {
  'POST /api/auth/register': { method: 'POST', path: () => '/api/auth/register', caller: () => undefined, body: () => registerBody() },
  'POST /api/auth/login': {
    method: 'POST',
    path: () => '/api/auth/login',
    caller: () => undefined,
    body: () => ({ email: world.users.owner.email, password: world.users.owner.password }),
  },
  'PUT /api/users/:id': {
    method: 'PUT',
    path: () => `/api/users/${world.users.owner.id}`,
    caller: () => world.users.owner,
    body: () => ({ fullName: 'Ana', location: 'Porto', bio: 'Travelling light.' }),
  },
  'POST /api/users/:id/avatar': {
    method: 'POST',
    path: () => `/api/users/${world.users.owner.id}/avatar`,
    caller: () => world.users.owner,
    body: () => ({ avatar: registerBody().avatar }),
  },
  'PUT /api/admin/users/:userId/swap-count': {
    method: 'PUT',
    path: () => `/api/admin/users/${world.users.owner.id}/swap-count`,
    caller: () => world.users.admin,
    body: () => ({ reviewCount: 1 }),
  },
  'POST /api/items': { method: 'POST', path: () => '/api/items', caller: () => world.users.owner, body: () => itemBody() },
  'PUT /api/items/:id': { method: 'PUT', path: () => `/api/items/${itemId}`, caller: () => world.users.owner, body: () => itemBody() },
  'POST /api/messages': {
    method: 'POST',
    path: () => '/api/messages',
    caller: () => world.users.other,
    body: () => ({ receiverId: world.users.owner.id, content: 'Hi' }),
  },
  'PUT /api/messaging/settings': { method: 'PUT', path: () => '/api/messaging/settings', caller: () => world.users.other, body: () => ({ readReceipts: true }) },
  'POST /api/exchanges/complete': {
    method: 'POST',
    path: () => '/api/exchanges/complete',
    caller: () => world.users.other,
    body: () => ({ otherUserId: world.users.owner.id }),
  },
  'POST /api/exchanges': {
    method: 'POST',
    path: () => '/api/exchanges',
    caller: () => world.users.other,
    body: () => ({ itemId, message: 'Swap?' }),
  },
  'POST /api/reviews': {
    method: 'POST',
    path: () => '/api/reviews',
    caller: () => world.users.other,
    body: () => ({ rating: 5, comment: 'Great', revieweeId: world.users.owner.id }),
  },
  'POST /api/reports': { method: 'POST', path: () => '/api/reports', caller: () => world.users.other, body: () => reportBody() },
  'PUT /api/reports/:id': { method: 'PUT', path: () => `/api/reports/${reportId}`, caller: () => world.users.admin, body: () => ({ status: 'open' }) },
  'POST /api/contact': { method: 'POST', path: () => '/api/contact', caller: () => undefined, body: () => contactBody() },
}; // prettier-ignore

describe('operators in write bodies', () => {
  it.each(Object.entries(WRITES).map(([name, write]) => ({ name, write })))(
    '$name: an operator or array in any field is refused with a 400 in the error format',
    async ({ write, name }) => {
      let checked = 0;
      for (const field of Object.keys(write.body())) {
        for (const operator of OPERATORS) {
          // The photo list is an array by design; an array of non-images is still refused (below, by content).
          const req = {
            method: write.method,
            path: write.path(),
            body: { ...write.body(), [field]: operator },
          };
          const res = await world.send(req, write.caller()?.headers ?? {});
          const what = `${name} ${field}=${JSON.stringify(operator)}`;
          expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(400);
          expectErrorFormat(res, what);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it('a login with operators instead of the password (or top-level $or/$nor) never signs anyone in', async () => {
    const { email } = world.users.owner;
    const attempts: unknown[] = [
      { email, password: { $ne: 'x' } },
      { email: { $regex: '.*' }, password: { $ne: 'x' } },
      { email, password: 'wrong password', $or: [{ email }] },
      { email, password: 'wrong password', $nor: [{ $nor: [{ email }] }] },
      { email: [email], password: ['wrong password'] },
    ];
    for (const body of attempts) {
      const res = await world.send({ method: 'POST', path: '/api/auth/login', body });
      expect([400, 401], JSON.stringify(body)).toContain(res.status);
      expect(res.body.token).toBeUndefined();
      expectErrorFormat(res);
    }
  });
});

/** Reads a list and returns it as an array (lists answer arrays; totals ride in a header). */
async function list(
  path: string,
  query: string,
  caller?: Caller,
): Promise<{ status: number; rows: unknown[] }> {
  const res = await world.send({ method: 'GET', path: `${path}?${query}` }, caller?.headers ?? {});
  if (res.status >= 400) expectErrorFormat(res, `${path}?${query}`);
  return { status: res.status, rows: Array.isArray(res.body) ? res.body : [] };
}

describe('operators in query strings', () => {
  /** Each list with the filters it takes, read by someone allowed to: an injected filter must match nothing. */
  const LISTS: { path: string; params: string[]; caller: () => Caller | undefined }[] = [
    { path: '/api/items', params: ['q', 'category', 'location', 'userId', 'cursor', 'limit'], caller: () => world.users.approved },
    { path: '/api/items', params: ['q', 'category', 'userId'], caller: () => undefined },
    { path: '/api/admin/all-items', params: ['q', 'category', 'location', 'userId'], caller: () => world.users.admin },
    { path: '/api/messages', params: ['with', 'before', 'limit'], caller: () => world.users.approved },
    { path: '/api/conversations', params: ['before', 'limit'], caller: () => world.users.approved },
    { path: '/api/exchanges', params: ['userId', 'itemId', 'status'], caller: () => world.users.approved },
    { path: '/api/reports', params: ['status', 'type', 'urgency', 'page', 'limit'], caller: () => world.users.admin },
    { path: '/api/admin/audit-log', params: ['action', 'targetType', 'targetId', 'actorId', 'page'], caller: () => world.users.admin },
    { path: '/api/admin/contact-messages', params: ['page', 'limit'], caller: () => world.users.admin },
  ]; // prettier-ignore
  const INJECTED = (param: string) => [
    `${param}[$ne]=zzz-nothing`,
    `${param}[$gt]=`,
    `${param}[$regex]=.*`,
    `${param}[$where]=1`,
    `${param}[$nor][0][$nor][0][x]=1`,
    `${param}=zzz-nothing&${param}=zzz-none`,
    `${param}[]=zzz-nothing`,
  ];

  it.each(LISTS.map((l) => ({ ...l, name: `${l.path} (${l.params.join(', ')})` })))(
    '$name: 4xx, or nothing matched',
    async ({ path, params, caller }) => {
      // `approved` has talked and swapped with nobody: every list of theirs is empty unless a filter leaks.
      let checked = 0;
      for (const param of params) {
        for (const query of INJECTED(param)) {
          const { status, rows } = await list(path, query, caller());
          expect(status, `${path}?${query}`).toBeLessThan(500);
          if (status < 400) {
            // express parses `a[$ne]=x` as the key "a[$ne]" (its simple query parser): an unknown key, dropped,
            // so the answer is the unfiltered list; a literal `zzz…` matches nothing. Never anything wider.
            const baseline = await list(path, '', caller());
            expect([[], baseline.rows], `${path}?${query}`).toContainEqual(rows);
          }
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it('an operator-style key next to a literal filter neither widens nor replaces it', async () => {
    const marker = `marker${unique()}`;
    await world.item(world.users.owner, { title: `Tent ${marker}` });
    const literal = await list('/api/items', `q=${marker}`, world.users.approved);
    expect(literal.rows).toHaveLength(1);
    for (const injected of [
      'q[$regex]=.*',
      'q[$ne]=x',
      `userId[$ne]=${world.users.approved.id}`,
      'q[$where]=1',
    ]) {
      const res = await list('/api/items', `${injected}&q=${marker}`, world.users.approved);
      expect(res.status, injected).toBe(200);
      expect(res.rows, injected).toEqual(literal.rows);
      const swapped = await list('/api/items', `q=${marker}&${injected}`, world.users.approved);
      expect(swapped.rows, injected).toEqual(literal.rows);
    }
  });
});
