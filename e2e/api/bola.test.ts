import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorFormat } from './support/error-format';
import { createWorld, type ApiRequest, type ApiResponse, type Caller, type World } from './support/world';

/**
 * BOLA on every id-bearing route (issue 14): user B acting on user A's item, profile, avatar, favourite, block,
 * conversation, exchange, review or report is refused (403/404) or touches only B's own data — and A's data
 * reads back exactly as before.
 */
let world: World;
let A: Caller;
let B: Caller;
let C: Caller;
let itemOfA: string;
let reportOfA: string;
let reviewOfA: string;
let exchangeAB: string;

beforeAll(async () => {
  world = await createWorld();
  ({ owner: A, other: B, approved: C } = world.users);
  itemOfA = await world.item(A);
  reportOfA = await world.report(A);
  exchangeAB = await world.exchange(B, A);
  reviewOfA = await world.review(A, B);
  // A's own state that B will try to reach: a favourite, a block, unread messages from C.
  const favourite = await world.send({ method: 'POST', path: `/api/favorites/${itemOfA}` }, C.headers);
  expect(favourite.status).toBe(200);
  const block = await world.send(
    { method: 'POST', path: `/api/blocks/${world.users.unapproved.id}` },
    A.headers,
  );
  expect(block.status).toBe(201);
  await world.message(C, A);
});
afterAll(async () => {
  await world?.close();
});

const as = (caller: Caller, req: ApiRequest) => world.send(req, caller.headers);
const body = async (caller: Caller, req: ApiRequest) => (await as(caller, req)).body as unknown;

interface Attack {
  name: string;
  /** B's (or C's) request on A's resource. */
  attack(): Promise<ApiResponse>;
  statuses: number[];
  /** A's data as its owner (or an admin) reads it: must be the same after the attack. */
  snapshot(): Promise<unknown>;
}

const item = () => body(A, { method: 'GET', path: `/api/items/${itemOfA}` });
const profileOfA = () => body(A, { method: 'GET', path: '/api/auth/me' });
const reportsOfA = async () =>
  ((await body(world.users.admin, { method: 'GET', path: '/api/reports' })) as { id: string }[]).find(
    (r) => r.id === reportOfA,
  );

const ATTACKS: Attack[] = [
  {
    name: "B edits A's item",
    attack: () => as(B, { method: 'PUT', path: `/api/items/${itemOfA}`, body: { title: 'Mine now', description: 'Stolen description here', category: 'Books', condition: 'fair', location: 'Nowhere' } }),
    statuses: [403],
    snapshot: item,
  },
  { name: "B deletes A's item", attack: () => as(B, { method: 'DELETE', path: `/api/items/${itemOfA}` }), statuses: [403], snapshot: item },
  { name: "B marks A's item swapped", attack: () => as(B, { method: 'POST', path: `/api/items/${itemOfA}/toggle-swapped` }), statuses: [403], snapshot: item },
  { name: "B deletes A's item through the admin route", attack: () => as(B, { method: 'DELETE', path: `/api/admin/items/${itemOfA}` }), statuses: [403], snapshot: item },
  {
    name: "B edits A's profile",
    attack: () => as(B, { method: 'PUT', path: `/api/users/${A.id}`, body: { fullName: 'Hacked', location: 'Nowhere', bio: 'Owned by B now.' } }),
    statuses: [403],
    snapshot: profileOfA,
  },
  {
    name: "B replaces A's avatar",
    attack: async () => as(B, { method: 'POST', path: `/api/users/${A.id}/avatar`, body: { avatar: (await import('@nomadswap/dev-stores/test-images')).SMALL_PNG_DATA_URL } }),
    statuses: [403],
    snapshot: profileOfA,
  },
  { name: 'B deletes A', attack: () => as(B, { method: 'DELETE', path: `/api/users/${A.id}` }), statuses: [403], snapshot: profileOfA },
  { name: 'B deletes A through the admin route', attack: () => as(B, { method: 'DELETE', path: `/api/admin/users/${A.id}` }), statuses: [403], snapshot: profileOfA },
  { name: "B reads A's admin view (e-mail)", attack: () => as(B, { method: 'GET', path: `/api/admin/users/${A.id}` }), statuses: [403], snapshot: profileOfA },
  {
    name: "B sets A's swap count",
    attack: () => as(B, { method: 'PUT', path: `/api/admin/users/${A.id}/swap-count`, body: { reviewCount: 50 } }),
    statuses: [403],
    snapshot: profileOfA,
  },
  {
    name: 'B approves the unapproved user',
    attack: () => as(B, { method: 'POST', path: `/api/admin/approve-user/${world.users.unapproved.id}` }),
    statuses: [403],
    snapshot: () => body(world.users.unapproved, { method: 'GET', path: '/api/auth/me' }),
  },
  {
    name: "B changes the status of A's report",
    attack: () => as(B, { method: 'PUT', path: `/api/reports/${reportOfA}`, body: { status: 'dismissed' } }),
    statuses: [403],
    snapshot: reportsOfA,
  },
  {
    name: "B deletes A's review",
    attack: () => as(B, { method: 'DELETE', path: `/api/admin/reviews/${reviewOfA}` }),
    statuses: [403],
    // Hidden until B reviews back: the admin's list shows it.
    snapshot: () => body(world.users.admin, { method: 'GET', path: `/api/reviews/${B.id}` }),
  },
  {
    name: "B removes C's favourite of A's item (only B's own could go)",
    attack: () => as(B, { method: 'DELETE', path: `/api/favorites/${itemOfA}` }),
    statuses: [200],
    snapshot: () => body(C, { method: 'GET', path: '/api/favorites' }),
  },
  {
    name: "B lifts A's block (only B's own blocks can go)",
    attack: () => as(B, { method: 'DELETE', path: `/api/blocks/${world.users.unapproved.id}` }),
    statuses: [200],
    snapshot: () => body(A, { method: 'GET', path: '/api/blocks' }),
  },
  {
    name: "B marks C's messages to A as read",
    attack: () => as(B, { method: 'POST', path: `/api/conversations/${C.id}/read` }),
    statuses: [200],
    snapshot: () => body(A, { method: 'GET', path: '/api/messages/unread-count' }),
  },
  {
    name: "C reviews A with A and B's exchange",
    attack: () => as(C, { method: 'POST', path: '/api/reviews', body: { rating: 1, comment: 'Never met', revieweeId: A.id, exchangeId: exchangeAB } }),
    statuses: [403],
    snapshot: () => body(A, { method: 'GET', path: `/api/reviews/${A.id}` }),
  },
]; // prettier-ignore

describe('BOLA: B acting on A', () => {
  it.each(ATTACKS.map((attack) => ({ attack, name: attack.name })))(
    '$name → refused, nothing changed',
    async ({ attack }) => {
      const before = await attack.snapshot();
      expect(before).toBeTruthy();
      const res = await attack.attack();
      expect(attack.statuses, `${attack.name}: ${res.status} ${res.text.slice(0, 200)}`).toContain(
        res.status,
      );
      if (res.status >= 400) expectErrorFormat(res, attack.name);
      expect(await attack.snapshot()).toEqual(before);
    },
  );

  it("C reading A and B's conversation or exchanges by naming A gets none of them", async () => {
    const conversation = (await body(C, { method: 'GET', path: '/api/messages', query: { with: A.id } })) as {
      senderId: string;
      receiverId: string;
    }[];
    expect(conversation.length).toBeGreaterThan(0); // C's own message to A
    for (const message of conversation) expect([message.senderId, message.receiverId]).toContain(C.id);
    const exchanges = await body(C, { method: 'GET', path: '/api/exchanges', query: { userId: A.id } });
    expect(exchanges).toEqual([]);
    const ofB = (await body(B, { method: 'GET', path: '/api/exchanges', query: { userId: A.id } })) as {
      id: string;
      requesterId: string;
      ownerId: string;
    }[];
    expect(ofB.map((e) => e.id)).toContain(exchangeAB);
    for (const exchange of ofB)
      expect([exchange.requesterId, exchange.ownerId].sort()).toEqual([A.id, B.id].sort());
  });

  it("B sees A's public profile without the e-mail; A sees their own with it", async () => {
    const seenByB = (await body(B, { method: 'GET', path: `/api/users/${A.id}` })) as Record<string, unknown>;
    expect(seenByB.id).toBe(A.id);
    expect(seenByB.email).toBeUndefined();
    expect(JSON.stringify(seenByB)).not.toContain(A.email);
    const own = (await body(A, { method: 'GET', path: `/api/users/${A.id}` })) as Record<string, unknown>;
    expect(own.email).toBe(A.email);
  });
});
