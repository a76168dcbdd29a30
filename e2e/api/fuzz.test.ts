import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX, imageOf } from './matrix-table';
import { expectErrorFormat } from './support/error-format';
import {
  contactBody,
  createWorld,
  itemBody,
  registerBody,
  reportBody,
  type ApiResponse,
  type World,
} from './support/world';

/**
 * Fuzzing every endpoint's path parameters, query string and body (fast-check): whatever comes in, no 5xx, and
 * every 4xx is in the error format with a human message. `FUZZ_RUNS` sets the generated cases per endpoint
 * (default 20, which keeps this file around a minute on a shared 2-core machine; `FUZZ_RUNS=500` for a long run).
 * A failure prints fast-check's seed and the shrunk request: replay with `FUZZ_SEED=<seed>`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Every field name any payload or query of the API knows: fuzzed bodies and queries use them half the time. */
const FIELDS = [
  'title', 'description', 'category', 'condition', 'location', 'preferredExchange', 'images', 'removeImages',
  'receiverId', 'content', 'clientId', 'itemId', 'otherUserId', 'offeredItemId', 'offeredItemIds', 'reason',
  'at', 'place', 'note', 'rating', 'comment',
  'revieweeId', 'exchangeId', 'status', 'adminNotes', 'type', 'urgency', 'subject', 'relatedUser',
  'relatedItem', 'contactEmail', 'name', 'email', 'message', 'fullName', 'bio', 'avatar', 'username',
  'password', 'reviewCount', 'readReceipts', 'emailNotifications', 'emailIncludesContent', 'limit', 'cursor',
  'before', 'with', 'q', 'userId', 'size', 'page', 'sort', 'role', 'isApproved', '_id', 'id', '__proto__',
  'constructor', '$where', '$ne', 'endpoint', 'keys', 'p256dh', 'auth', 'pushMessages', 'pushIncludesContent',
]; // prettier-ignore

/** A valid body per write route (no fixtures needed), which the fuzzer mutates one field at a time. */
const SAMPLES: Record<string, () => Record<string, unknown>> = {
  'POST /api/auth/register': () => registerBody(),
  'POST /api/auth/login': () => ({ email: 'nobody@example.com', password: 'secret secret' }),
  'PUT /api/users/:id': () => ({ fullName: 'Ana', location: 'Porto', bio: 'Travelling light.' }),
  'POST /api/users/:id/avatar': () => ({ avatar: registerBody().avatar }),
  'PUT /api/admin/users/:userId/swap-count': () => ({ reviewCount: 2 }),
  // A warning takes nothing away, so a fuzzed one that passes leaves the personas able to act.
  'POST /api/admin/users/:id/sanctions': () => ({ type: 'warn', reason: 'Fuzzed warning' }),
  'POST /api/items': () => itemBody(),
  'PUT /api/items/:id': () => itemBody(),
  'POST /api/messages': () => ({ receiverId: '0'.repeat(24), content: 'Hello' }),
  'PUT /api/messaging/settings': () => ({ readReceipts: false }),
  'POST /api/push/subscriptions': () => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
    keys: { p256dh: 'BNcR', auth: 'tBHI' },
  }),
  'POST /api/exchanges/complete': () => ({ otherUserId: '0'.repeat(24) }),
  'POST /api/exchanges': () => ({
    itemId: '0'.repeat(24),
    message: 'Swap?',
    offeredItemIds: ['1'.repeat(24)],
  }),
  'POST /api/exchanges/:id/cancel': () => ({ reason: 'Leaving town' }),
  'PUT /api/exchanges/:id/meetup': () => ({
    at: '2030-01-01T10:00:00Z',
    place: 'Central station',
    note: 'by the clock',
  }),
  'POST /api/reviews': () => ({ rating: 5, comment: 'Great', revieweeId: '0'.repeat(24) }),
  'POST /api/reports': () => reportBody(),
  'PUT /api/reports/:id': () => ({ status: 'dismissed' }),
  'POST /api/contact': () => contactBody(),
};

const NASTY = [
  '', ' ', '..', '%', '%00', '\u0000', 'null', 'undefined', 'NaN', '-1', '1e309', '[object Object]', '$ne',
  '{"$gt":""}', 'A'.repeat(24), 'a'.repeat(25), 'z'.repeat(24), '0'.repeat(24), '<script>', "' OR 1=1 --",
  '../../etc/passwd', '\u202e', '😀'.repeat(12), 'x'.repeat(5000),
]; // prettier-ignore

/** Path segments sent as they are (not encoded): broken percent-encoding, encoded slashes and dots. */
const RAW_SEGMENTS = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0%AF',
  '%2e%2e',
  '%2F',
  '..%2F..',
  '%00',
  '%FF%FE',
  '%u0041',
];

let world: World;
let ids: string[] = [];
beforeAll(async () => {
  world = await createWorld();
  const { owner, other } = world.users;
  const item = await world.item(owner);
  const exchange = await world.exchange(other, owner);
  ids = [
    owner.id,
    other.id,
    world.users.unapproved.id,
    item,
    exchange,
    await world.message(owner, other),
    await world.report(other),
    await imageOf(world),
  ];
});
afterAll(async () => {
  await world?.close();
});

const scalar = () =>
  fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom(...NASTY),
    fc.constantFrom(...ids),
    fc.integer().map(String),
  );

/** A query string as browsers and attackers write it: repeated keys (arrays) and `k[op]=v` objects. */
const queryString = () =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
        fc.oneof(fc.constant(''), fc.constantFrom('[$ne]', '[$gt]', '[$regex]', '[]', '[0]', '[a][b]')),
        scalar(),
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs
        .map(([key, suffix, value]) => `${encodeURIComponent(key)}${suffix}=${encodeURIComponent(value)}`)
        .join('&'),
    );

const json = () => fc.jsonValue({ maxDepth: 3 });

/** Bodies: a valid one with one field replaced, an object of known/unknown fields, any JSON, or not JSON. */
const body = (sample?: () => Record<string, unknown>) =>
  fc.oneof(
    ...(sample
      ? [
          fc
            .tuple(fc.constantFrom(...Object.keys(sample())), fc.oneof(json(), scalar()))
            .map(([key, value]) => JSON.stringify({ ...sample(), [key]: value })),
          fc
            .tuple(fc.constantFrom(...FIELDS), fc.oneof(json(), scalar()))
            .map(([key, value]) => JSON.stringify({ ...sample(), [key]: value })),
        ]
      : []),
    fc
      .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), fc.oneof(json(), scalar()))
      .map((o) => JSON.stringify(o)),
    json().map((v) => JSON.stringify(v)),
    fc.string(),
    fc.constant(undefined),
  );

const PERSONAS = ['visitor', 'unapproved', 'approved', 'admin'] as const;

async function sendRaw(
  method: string,
  path: string,
  query: string,
  rawBody: string | undefined,
  headers: Record<string, string>,
): Promise<ApiResponse> {
  const url = query ? `${path}?${query}` : path;
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  let pending = request(world.stack.api)[verb](url).set(headers);
  if (rawBody !== undefined) pending = pending.set('Content-Type', 'application/json').send(rawBody);
  return pending.then((res) => res);
}

// Logging out with a persona's token would revoke it for the rest of the run; that route is fuzzed as a visitor.
const asVisitorOnly = new Set(['POST /api/auth/logout']);

describe('fuzzing every endpoint: no 5xx, every 4xx in the error format', () => {
  it.each(MATRIX.filter((row) => !row.services).map((row) => ({ row, name: `${row.method} ${row.path}` })))(
    '$name',
    async ({ row, name }) => {
      const personas = asVisitorOnly.has(name) ? (['visitor'] as const) : PERSONAS;
      const param = fc.oneof(
        fc
          .oneof(fc.constantFrom(...ids), fc.constantFrom(...NASTY), fc.string({ minLength: 1 }))
          .map(encodeURIComponent),
        fc.constantFrom(...RAW_SEGMENTS),
      );
      const hasBody = row.method !== 'GET' && row.method !== 'DELETE';
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...personas),
          param,
          queryString(),
          hasBody ? body(SAMPLES[name]) : fc.constant(undefined),
          async (persona, value, query, rawBody) => {
            cases += 1;
            const path = row.path.replace(/:\w+/g, () => value);
            const res = await sendRaw(row.method, path, query, rawBody, world.headersOf(persona));
            const what = `${row.method} ${path}?${query.slice(0, 200)} as ${persona} with ${rawBody?.slice(0, 200)}`;
            expect(res.status, `${what}: ${res.text?.slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400) expectErrorFormat(res, what);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      expect(cases).toBeGreaterThanOrEqual(RUNS);
    },
  );
});
