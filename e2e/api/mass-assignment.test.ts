import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, newId } from '@nomadswap/service-kit/testing';
import { expectErrorFormat } from './support/error-format';
import {
  contactBody,
  createWorld,
  itemBody,
  registerBody,
  reportBody,
  type ApiRequest,
  type ApiResponse,
  type Caller,
  type World,
} from './support/world';

/**
 * Mass assignment (issue 14): every protected field sent to every write route is ignored (2xx, and reading the
 * record back shows the server's value) or refused with a 400 in the error format — never stored.
 */
const LONG_AGO = '2000-01-01T00:00:00.000Z';

let world: World;
let stranger: string;
beforeAll(async () => {
  world = await createWorld();
  stranger = newId();
});
afterAll(async () => {
  await world?.close();
});

/** Every protected field we know of, set to a value that would matter if it stuck. */
const protectedFields = () => ({
  _id: stranger,
  id: stranger,
  role: 'admin',
  isAdmin: true,
  isApproved: true,
  isVerified: true,
  approvedAt: LONG_AGO,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB',
  swapCount: 99,
  completedSwaps: 99,
  arrangedSwaps: 99,
  noShows: 99,
  rating: 5,
  reviewCount: 99,
  ownerId: world.users.other.id,
  userId: world.users.other.id,
  senderId: world.users.admin.id,
  reviewerId: world.users.admin.id,
  reporterId: world.users.admin.id,
  requesterId: world.users.admin.id,
  status: 'resolved',
  isSwapped: true,
  isReserved: true,
  reservedFor: world.users.admin.id,
  isRevealed: true,
  revealedAt: LONG_AGO,
  isActive: false,
  expiredAt: LONG_AGO,
  isRead: true,
  deleted: true,
  version: 999,
  createdAt: LONG_AGO,
  updatedAt: LONG_AGO,
  __v: 42,
});

interface Case {
  name: string;
  send(extra: Record<string, unknown>): Promise<{ res: ApiResponse; caller?: Caller }>;
  /** Reads the record back (2xx only) and asserts none of the protected values stuck. */
  verify(res: ApiResponse, caller?: Caller): Promise<void>;
}

const asUser = (caller: Caller | undefined, req: ApiRequest) =>
  world.send(req, caller?.headers ?? {}).then((res) => ({ res, caller }));
const me = async (caller: Caller) =>
  (await world.send({ method: 'GET', path: '/api/auth/me' }, caller.headers)).body as Record<string, unknown>;
/** One user per case, made on first use: every variant of a case acts on the same account (fewer sign-ups). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
const recent = (iso: unknown) => Date.now() - new Date(String(iso)).getTime() < 10 * 60_000;

function expectUserUntouched(user: Record<string, unknown>, expected: { id: string; approved: boolean }) {
  expect(user.id).toBe(expected.id);
  expect(user.role).toBe('user');
  expect(user.isApproved).toBe(expected.approved);
  expect(user.rating).toBe(0);
  expect(user.reviewCount).toBe(0);
  expect(user.arrangedSwaps).toBe(0);
  expect(user.noShows).toBe(0);
  expect(user.passwordHash).toBeUndefined();
  expect(recent(user.createdAt)).toBe(true);
}

const profileUser = once(() => world.register());
const avatarUser = once(() => world.register());
const swapCountTarget = once(() => world.register({ approved: false }));

const CASES: Case[] = [
  {
    name: 'POST /api/auth/register',
    send: (extra) => asUser(undefined, { method: 'POST', path: '/api/auth/register', body: { ...registerBody(), ...extra } }),
    async verify(res) {
      const caller = { headers: { Authorization: `Bearer ${res.body.token}` } } as Caller;
      expectUserUntouched(await me(caller), { id: res.body.user.id, approved: false });
      expect((await world.send({ method: 'GET', path: '/api/admin/all-users' }, caller.headers)).status).toBe(403);
    },
  },
  {
    name: 'PUT /api/users/:id',
    send: async (extra) => {
      const user = await profileUser();
      return asUser(user, { method: 'PUT', path: `/api/users/${user.id}`, body: { fullName: 'Ana', location: 'Porto', email: 'taken@example.com', username: 'admin', ...extra } });
    },
    async verify(_res, caller) {
      const user = await me(caller!);
      expectUserUntouched(user, { id: caller!.id, approved: true });
      expect(user.email).toBe(caller!.email);
    },
  },
  {
    name: 'POST /api/users/:id/avatar',
    send: async (extra) => {
      const user = await avatarUser();
      return asUser(user, { method: 'POST', path: `/api/users/${user.id}/avatar`, body: { avatar: registerBody().avatar, ...extra } });
    },
    async verify(_res, caller) {
      expectUserUntouched(await me(caller!), { id: caller!.id, approved: true });
    },
  },
  {
    name: 'PUT /api/admin/users/:userId/swap-count',
    send: async (extra) => {
      const target = await swapCountTarget();
      const sent = await asUser(world.users.admin, { method: 'PUT', path: `/api/admin/users/${target.id}/swap-count`, body: { reviewCount: 2, ...extra } });
      return { res: sent.res, caller: target };
    },
    async verify(_res, target) {
      const user = (await world.send({ method: 'GET', path: `/api/admin/users/${target!.id}` }, world.users.admin.headers)).body;
      expect(user.role).toBe('user');
      expect(user.isApproved).toBe(false);
      expect(user.id).toBe(target!.id);
    },
  },
  {
    name: 'POST /api/items',
    send: (extra) => asUser(world.users.owner, { method: 'POST', path: '/api/items', body: { ...itemBody(), ...extra } }),
    async verify(res, caller) {
      const item = (await world.send({ method: 'GET', path: `/api/items/${res.body.id}` }, caller!.headers)).body;
      expect(item.id).not.toBe(stranger);
      expect(item.userId).toBe(caller!.id);
      expect(item.isSwapped).toBe(false);
      expect(item.isReserved).toBe(false);
      expect(item.reservedFor).toBeNull();
      expect(item.isActive).toBe(true);
      expect(item.expiredAt).toBeNull();
      expect(recent(item.createdAt)).toBe(true);
    },
  },
  {
    name: 'PUT /api/items/:id',
    send: async (extra) => {
      const id = await world.item(world.users.owner);
      return asUser(world.users.owner, { method: 'PUT', path: `/api/items/${id}`, body: { ...itemBody(), ...extra } });
    },
    async verify(res, caller) {
      const item = (await world.send({ method: 'GET', path: `/api/items/${res.body.id}` }, caller!.headers)).body;
      expect(item.userId).toBe(caller!.id);
      expect(item.isSwapped).toBe(false);
      expect(item.isReserved).toBe(false);
      expect(item.reservedFor).toBeNull();
      expect(item.isActive).toBe(true);
      expect(item.expiredAt).toBeNull();
      expect(recent(item.createdAt)).toBe(true);
    },
  },
  {
    name: 'POST /api/messages',
    send: (extra) => asUser(world.users.other, { method: 'POST', path: '/api/messages', body: { receiverId: world.users.owner.id, content: 'Hello there', ...extra } }),
    async verify(res, caller) {
      const list = (await world.send({ method: 'GET', path: '/api/messages', query: { with: world.users.owner.id } }, caller!.headers)).body as Record<string, unknown>[];
      const message = list.find((m) => m.id === res.body.id)!;
      expect(message.senderId).toBe(caller!.id);
      expect(message.receiverId).toBe(world.users.owner.id);
      expect(message.isRead).toBe(false);
      expect(recent(message.createdAt)).toBe(true);
    },
  },
  {
    name: 'PUT /api/messaging/settings',
    send: (extra) => asUser(world.users.other, { method: 'PUT', path: '/api/messaging/settings', body: { readReceipts: true, ...extra } }),
    async verify(_res, caller) {
      const settings = (await world.send({ method: 'GET', path: '/api/messaging/settings' }, caller!.headers)).body;
      expect(Object.keys(settings).sort()).toEqual([
        'emailAlerts',
        'emailIncludesContent',
        'emailNotifications',
        'emailReminders',
        'emailSwaps',
        'pushAlerts',
        'pushIncludesContent',
        'pushMessages',
        'pushReminders',
        'pushSwaps',
        'readReceipts',
      ]);
    },
  },
  {
    name: 'POST /api/exchanges/complete',
    send: async (extra) => {
      const [a, b] = await Promise.all([world.register(), world.register()]);
      await world.message(a, b);
      return asUser(a, { method: 'POST', path: '/api/exchanges/complete', body: { otherUserId: b.id, ...extra } });
    },
    async verify(res, caller) {
      const exchanges = (await world.send({ method: 'GET', path: '/api/exchanges' }, caller!.headers)).body as Record<string, unknown>[];
      const exchange = exchanges.find((e) => e.id === res.body.exchange.id)!;
      expect(exchange.id).not.toBe(stranger);
      expect(exchange.requesterId).toBe(caller!.id);
      // One side's Complete Swap waits for the other: never completed, whatever the body says.
      expect(exchange.status).toBe('proposed');
      expect(exchange.confirmedBy).toEqual([caller!.id]);
      expect(recent(exchange.createdAt)).toBe(true);
    },
  },
  {
    name: 'POST /api/exchanges',
    send: async (extra) => {
      const [a, b] = await Promise.all([world.register(), world.register()]);
      const itemId = await world.item(b);
      return eventually(async () => {
        const attempt = await asUser(a, { method: 'POST', path: '/api/exchanges', body: { itemId, ...extra } });
        return attempt.res.status === 404 ? undefined : attempt;
      }, 15_000);
    },
    async verify(res, caller) {
      const exchange = (await world.send({ method: 'GET', path: `/api/exchanges/${res.body.id}` }, caller!.headers)).body as Record<string, unknown>;
      expect(exchange.requesterId).toBe(caller!.id);
      expect(exchange.status).toBe('proposed');
      expect(exchange.confirmedBy).toEqual([]);
      expect(recent(exchange.createdAt as string)).toBe(true);
    },
  },
  {
    name: 'POST /api/reviews',
    send: async (extra) => {
      const [a, b] = await Promise.all([world.register(), world.register()]);
      await world.exchange(a, b);
      return asUser(a, { method: 'POST', path: '/api/reviews', body: { rating: 3, comment: 'Fine swap', revieweeId: b.id, ...extra } });
    },
    async verify(res, caller) {
      // Hidden until the other party reviews back: only an admin reads it back.
      const reviews = (await world.send({ method: 'GET', path: `/api/reviews/${res.body.revieweeId}` }, world.users.admin.headers)).body as Record<string, unknown>[];
      const review = reviews.find((r) => r.id === res.body.id)!;
      expect(review.id).not.toBe(stranger);
      expect(review.reviewerId).toBe(caller!.id);
      expect(review.isRevealed).toBe(false);
      expect(recent(review.createdAt)).toBe(true);
    },
  },
  {
    name: 'POST /api/reports',
    send: (extra) => asUser(world.users.other, { method: 'POST', path: '/api/reports', body: { ...reportBody(), adminNotes: 'closed by admin', assignedTo: world.users.admin.id, ...extra } }),
    async verify(res, caller) {
      const reports = (await world.send({ method: 'GET', path: '/api/reports', query: { limit: 100 } }, world.users.admin.headers)).body as Record<string, unknown>[];
      const report = reports.find((r) => r.id === res.body.id)!;
      expect(report.reporterId).toBe(caller!.id);
      expect(report.status).toBe('open');
      expect(report.adminNotes).toBeNull();
      expect(report.assignedTo).toBeNull();
      expect(recent(report.createdAt)).toBe(true);
    },
  },
  {
    name: 'PUT /api/reports/:id',
    send: async (extra) => {
      const id = await world.report(world.users.other);
      return asUser(world.users.admin, { method: 'PUT', path: `/api/reports/${id}`, body: { status: 'dismissed', subject: 'Rewritten', type: 'fraud', ...extra } });
    },
    async verify(res) {
      const reports = (await world.send({ method: 'GET', path: '/api/reports', query: { limit: 100 } }, world.users.admin.headers)).body as Record<string, unknown>[];
      const report = reports.find((r) => r.id === res.body.id)!;
      expect(report.reporterId).toBe(world.users.other.id);
      expect(report.subject).toBe(reportBody().subject);
      expect(report.type).toBe(reportBody().type);
      expect(recent(report.createdAt)).toBe(true);
    },
  },
  {
    name: 'POST /api/contact',
    send: (extra) => asUser(world.users.other, { method: 'POST', path: '/api/contact', body: { ...contactBody(), ...extra } }),
    async verify(res, caller) {
      const messages = (await world.send({ method: 'GET', path: '/api/admin/contact-messages', query: { limit: 100 } }, world.users.admin.headers)).body as Record<string, unknown>[];
      const message = messages.find((m) => m.id === res.body.id)!;
      expect(message.id).not.toBe(stranger);
      expect(message.userId).toBe(caller!.id);
      expect(recent(message.createdAt)).toBe(true);
    },
  },
]; // prettier-ignore

describe('mass assignment of every protected field on every write route', () => {
  it.each(CASES.map((c) => ({ c, name: c.name })))('$name: ignored or 400, never stored', async ({ c }) => {
    // All at once; when that is refused (a strict schema), one at a time: a schema may refuse the lot yet take
    // a single field. When the lot is ignored, each field alone is ignored too (nothing picks fields by count).
    const all = protectedFields();
    const singles = Object.entries(all).map(([key, value]) => ({ [key]: value }));
    let checked = 0;
    for (const extra of [all, ...singles]) {
      const { res, caller } = await c.send(extra);
      const what = `${c.name} with ${JSON.stringify(extra)}`;
      expect([200, 201, 400], `${what}: ${res.text.slice(0, 200)}`).toContain(res.status);
      checked += 1;
      if (res.status === 400) {
        expectErrorFormat(res, what);
        continue;
      }
      await c.verify(res, caller);
      if (extra === all) break;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
