import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import { PENDING } from './pending';
import {
  contactBody,
  itemBody,
  registerBody,
  reportBody,
  type ApiRequest,
  type Persona,
  type World,
} from './support/world';

/**
 * THE authorization matrix (issue 14): every endpoint of every service × every persona → the status it must
 * answer. One row per route; `matrix.test.ts` generates a test per cell and fails when a service serves a route
 * that has no row here (or a row names a route nobody serves).
 *
 * Personas (see support/world.ts): `visitor` (no token), `unapproved`, `approved` (no relation to the target),
 * `owner` (owns the target; for routes without a target, simply another approved user), `other` (approved, talks
 * and swaps with the owner but does not own the target), `admin`. Requests name the owner's resources.
 *
 * The columns read: visitor, unapproved, approved, owner, other, admin.
 */
export type Expected = Record<Persona, number>;

export interface MatrixRow {
  method: ApiRequest['method'];
  /** The path as the router declares it (`:id` placeholders). */
  path: string;
  /** Routes outside `/api` are not behind the gateway; they are answered by each service named here. */
  services?: readonly ServiceName[];
  expect: Expected;
  /** The concrete request `as` sends (fresh fixtures where the request would consume them). */
  prepare?(world: World, as: Persona): Promise<Partial<ApiRequest>> | Partial<ApiRequest>;
}

/** visitor, unapproved, approved, owner, other, admin. */
const s = (
  visitor: number,
  unapproved: number,
  approved: number,
  owner: number,
  other: number,
  admin: number,
): Expected => ({ visitor, unapproved, approved, owner, other, admin });

const everyone = (status: number) => s(status, status, status, status, status, status);
/** Signed-in users get `status`; unapproved ones 403 'Approval Required'. */
const approvedOnly = (status: number) => s(401, 403, status, status, status, status);
const adminOnly = (status: number) => s(401, 403, 403, 403, 403, status);
/** Only the owner of the target; everyone else signed in 403 (admins use the admin routes). */
const ownerOnly = (status: number) => s(401, 403, 403, status, 403, 403);

/** A device on a browser's push service (nothing is sent to it: registering posts nowhere). */
const pushSubscriptionBody = (as: Persona) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${as}`,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
});

/** A fresh id-bearing fixture per cell for requests that consume it (deletes, approvals, reviews). */
const fresh = {
  item: (w: World) => w.item(w.users.owner),
  user: async (w: World, approved = true) => (await w.register({ approved })).id,
};

/** The owner's avatar id (from their profile: `/api/avatars/<id>`). */
async function avatarOf(w: World): Promise<string> {
  const me = await w.send({ method: 'GET', path: '/api/auth/me' }, w.users.owner.headers);
  return String(me.body.avatar).split('/').pop()!;
}

let imageId: Promise<string> | undefined;
/** One photo of an item of the owner, processed by the image worker (made once per run). */
export function imageOf(w: World): Promise<string> {
  imageId ??= (async () => {
    const { SMALL_PNG_DATA_URL } = await import('@nomadswap/dev-stores/test-images');
    const res = await w.send(
      { method: 'POST', path: '/api/items', body: itemBody({ images: [SMALL_PNG_DATA_URL] }) },
      w.users.owner.headers,
    );
    return String(res.body.images[0]).split('/').pop()!.split('?')[0]!;
  })();
  return imageId;
}

/** An accepted exchange (`other` asked for the owner's item) whose meetup the owner proposed; its id. */
async function meetupProposedByOwner(w: World): Promise<string> {
  const { id } = await w.proposal(w.users.other, w.users.owner, { accepted: true });
  const res = await w.send(
    {
      method: 'PUT',
      path: `/api/exchanges/${id}/meetup`,
      body: { at: new Date(Date.now() + 86_400_000).toISOString(), place: 'Central station' },
    },
    w.users.owner.headers,
  );
  if (res.status !== 200) throw new Error(`meetup: ${res.status} ${res.text}`);
  return id;
}

/** The city each persona saves an alert for (POST /api/alerts answers 201 only for a new one). */
const ALERT_CITY: Record<Persona, string> = {
  visitor: 'Lisbon',
  unapproved: 'Porto',
  approved: 'Madrid',
  owner: 'Berlin',
  other: 'Paris',
  admin: 'Rome',
};
/** A well-formed stop token that names no alert (the real ones are only in e-mails): stopping it is a no-op. */
const UNKNOWN_ALERT_TOKEN = 'matrix-token-of-no-alert-0000000';

const ALERT_TARGETS = ['Bangkok', 'Tokyo', 'Lima', 'Oslo', 'Cairo', 'Seoul'];
let alertsMade = 0;
/** A fresh alert of the owner (a city of its own, so it is a new one); its id. */
async function alertOfOwner(w: World): Promise<string> {
  const location = ALERT_TARGETS[alertsMade++ % ALERT_TARGETS.length]!;
  const res = await w.send(
    { method: 'POST', path: '/api/alerts', body: { location } },
    w.users.owner.headers,
  );
  if (res.status !== 201 && res.status !== 200) throw new Error(`alert: ${res.status} ${res.text}`);
  return String(res.body.id);
}

let bystander: Promise<string> | undefined;
/** A user nobody else interacts with: the target of blocks (blocking the owner would stop later chats). */
const bystanderOf = (w: World) => (bystander ??= fresh.user(w));

/** The owner, except for personas that must have no relation to the user they name: a user nobody knows. */
const counterpart = async (w: World, as: Persona) =>
  as === 'approved' || as === 'admin' ? fresh.user(w) : w.users.owner.id;

/** A fresh token of `as` (logout revokes the one it is sent with, and the personas' tokens must survive). */
async function freshToken(w: World, as: Persona): Promise<Record<string, string>> {
  if (as === 'visitor') return {};
  const user = w.users[as];
  const res = await w.send({
    method: 'POST',
    path: '/api/auth/login',
    body: { email: user.email, password: user.password },
  });
  return { Authorization: `Bearer ${res.body.token}` };
}

export const MATRIX: readonly MatrixRow[] = [
  // Every service's own probes: not behind the gateway (it has no route to them), so answered to anyone.
  { method: 'GET', path: '/healthz', services: SERVICES, expect: everyone(200) },
  { method: 'GET', path: '/metrics', services: SERVICES, expect: everyone(200) },

  // auth
  {
    method: 'POST',
    path: '/api/auth/register',
    expect: everyone(201),
    prepare: () => ({ body: registerBody() }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    expect: everyone(200),
    prepare: (w) => ({ body: { email: w.users.owner.email, password: w.users.owner.password } }),
  },
  { method: 'GET', path: '/api/auth/me', expect: s(401, 200, 200, 200, 200, 200) },
  {
    method: 'POST',
    path: '/api/auth/logout',
    expect: s(401, 204, 204, 204, 204, 204),
    prepare: async (w, as) => ({ headers: await freshToken(w, as) }),
  },
  {
    method: 'GET',
    path: '/api/users/:id',
    expect: s(401, 403, 200, 200, 200, 200),
    prepare: (w) => ({ path: `/api/users/${w.users.owner.id}` }),
  },
  {
    method: 'PUT',
    path: '/api/users/:id',
    expect: ownerOnly(200),
    prepare: (w) => ({
      path: `/api/users/${w.users.owner.id}`,
      body: { fullName: 'Ana Nomad', location: 'Porto, Portugal', bio: 'Still travelling, still swapping.' },
    }),
  },
  {
    method: 'POST',
    path: '/api/users/:id/avatar',
    expect: ownerOnly(200),
    prepare: async (w) => ({
      path: `/api/users/${w.users.owner.id}/avatar`,
      body: { avatar: registerBody().avatar },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/users/:id',
    expect: adminOnly(204),
    prepare: async (w) => ({ path: `/api/users/${await fresh.user(w)}` }),
  },
  { method: 'GET', path: '/api/admin/pending-users', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/all-users', expect: adminOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/users/:id',
    expect: adminOnly(200),
    prepare: (w) => ({ path: `/api/admin/users/${w.users.owner.id}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/approve-user/:id',
    expect: adminOnly(200),
    prepare: async (w, as) => ({
      path: `/api/admin/approve-user/${as === 'admin' ? await fresh.user(w, false) : w.users.unapproved.id}`,
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    expect: adminOnly(204),
    prepare: async (w) => ({ path: `/api/admin/users/${await fresh.user(w)}` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:userId/swap-count',
    expect: adminOnly(200),
    prepare: (w) => ({ path: `/api/admin/users/${w.users.owner.id}/swap-count`, body: { reviewCount: 3 } }),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/sanctions',
    expect: adminOnly(201),
    // A warning of a fresh user: it takes nothing away from the personas the other rows need.
    prepare: async (w) => ({
      path: `/api/admin/users/${await fresh.user(w)}/sanctions`,
      body: { type: 'warn', reason: 'Matrix: a friendly warning' },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id/sanctions',
    expect: adminOnly(200),
    prepare: (w) => ({ path: `/api/admin/users/${w.users.owner.id}/sanctions` }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id/sanctions/current',
    expect: adminOnly(204),
    prepare: async (w, as) => {
      const userId = await fresh.user(w);
      if (as === 'admin') {
        await w.send(
          {
            method: 'POST',
            path: `/api/admin/users/${userId}/sanctions`,
            body: { type: 'restrict', days: 3, reason: 'Matrix: to be lifted' },
          },
          w.users.admin.headers,
        );
      }
      return { path: `/api/admin/users/${userId}/sanctions/current` };
    },
  },
  {
    method: 'GET',
    path: '/api/avatars/:id',
    expect: everyone(200),
    prepare: async (w) => ({ path: `/api/avatars/${await avatarOf(w)}` }),
  },

  // items
  { method: 'GET', path: '/api/items', expect: everyone(200) },
  { method: 'GET', path: '/api/items/stats', expect: everyone(200) },
  // places (issue 22): public, the register page suggests cities before anyone has an account
  { method: 'GET', path: '/api/places', expect: everyone(200), prepare: () => ({ query: { q: 'lis' } }) },
  {
    method: 'GET',
    path: '/api/places/nearest',
    expect: everyone(200),
    prepare: () => ({ query: { lat: '38.72', lon: '-9.14' } }),
  },
  {
    method: 'GET',
    path: '/api/items/:id',
    expect: s(401, 403, 200, 200, 200, 200),
    prepare: async (w) => ({ path: `/api/items/${await fresh.item(w)}` }),
  },
  { method: 'POST', path: '/api/items', expect: approvedOnly(201), prepare: () => ({ body: itemBody() }) },
  {
    method: 'PUT',
    path: '/api/items/:id',
    expect: ownerOnly(200),
    prepare: async (w) => ({
      path: `/api/items/${await fresh.item(w)}`,
      body: itemBody({ title: 'Renamed' }),
    }),
  },
  {
    method: 'DELETE',
    path: '/api/items/:id',
    expect: ownerOnly(204),
    prepare: async (w) => ({ path: `/api/items/${await fresh.item(w)}` }),
  },
  {
    method: 'POST',
    path: '/api/items/:id/toggle-swapped',
    expect: ownerOnly(200),
    prepare: async (w) => ({ path: `/api/items/${await fresh.item(w)}/toggle-swapped` }),
  },
  {
    method: 'POST',
    path: '/api/items/:id/relist',
    expect: ownerOnly(200),
    prepare: async (w) => ({
      path: `/api/items/${await fresh.item(w)}/relist`,
      body: { availableUntil: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  {
    method: 'POST',
    path: '/api/items/:id/favorite',
    expect: approvedOnly(200),
    prepare: async (w) => ({ path: `/api/items/${await fresh.item(w)}/favorite` }),
  },
  { method: 'GET', path: '/api/favorites', expect: approvedOnly(200) },
  {
    method: 'POST',
    path: '/api/favorites/:id',
    expect: approvedOnly(200),
    prepare: async (w) => ({ path: `/api/favorites/${await fresh.item(w)}` }),
  },
  {
    method: 'DELETE',
    path: '/api/favorites/:id',
    expect: approvedOnly(200),
    prepare: async (w) => ({ path: `/api/favorites/${await fresh.item(w)}` }),
  },
  // city alerts (issue 22): approved users' own; the e-mail's stop link is public (its token is the proof)
  { method: 'GET', path: '/api/alerts', expect: approvedOnly(200) },
  {
    method: 'POST',
    path: '/api/alerts',
    expect: approvedOnly(201),
    // A city per persona: saving the same one again would answer 200 with the alert already saved.
    prepare: (_w, as) => ({ body: { location: ALERT_CITY[as] } }),
  },
  {
    method: 'DELETE',
    path: '/api/alerts/:id',
    expect: s(401, 403, 404, 204, 404, 404),
    prepare: async (w) => ({ path: `/api/alerts/${await alertOfOwner(w)}` }),
  },
  {
    method: 'GET',
    path: '/api/alerts/unsubscribe',
    expect: everyone(200),
    prepare: () => ({ query: { token: UNKNOWN_ALERT_TOKEN } }),
  },
  {
    method: 'POST',
    path: '/api/alerts/unsubscribe',
    expect: everyone(200),
    prepare: () => ({ query: { token: UNKNOWN_ALERT_TOKEN } }),
  },
  {
    method: 'GET',
    path: '/api/images/:id',
    expect: everyone(200),
    prepare: async (w) => ({ path: `/api/images/${await imageOf(w)}` }),
  },
  { method: 'GET', path: '/api/admin/all-items', expect: adminOnly(200) },
  {
    method: 'DELETE',
    path: '/api/admin/items/:id',
    expect: adminOnly(204),
    prepare: async (w) => ({ path: `/api/admin/items/${await fresh.item(w)}` }),
  },

  // messaging: the owner is the other end of the conversation the request names
  { method: 'GET', path: '/api/messages', expect: approvedOnly(200) },
  { method: 'GET', path: '/api/messages/unread-count', expect: approvedOnly(200) },
  {
    method: 'POST',
    path: '/api/messages',
    expect: s(401, 403, 201, 400, 201, 201),
    prepare: (w) => ({ body: { receiverId: w.users.owner.id, content: 'Still available?' } }),
  },
  { method: 'GET', path: '/api/conversations', expect: approvedOnly(200) },
  {
    method: 'POST',
    path: '/api/conversations/:userId/read',
    // Reading one's own (empty) conversation with oneself changes nothing: 200 with `updated: 0`.
    expect: approvedOnly(200),
    prepare: (w) => ({ path: `/api/conversations/${w.users.owner.id}/read` }),
  },
  { method: 'GET', path: '/api/messaging/settings', expect: approvedOnly(200) },
  {
    method: 'PUT',
    path: '/api/messaging/settings',
    expect: approvedOnly(200),
    prepare: () => ({ body: { readReceipts: true } }),
  },
  { method: 'GET', path: '/api/push/key', expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    expect: approvedOnly(201),
    prepare: (_w, as) => ({ body: pushSubscriptionBody(as) }),
  },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    expect: approvedOnly(204),
    prepare: (_w, as) => ({ body: { endpoint: pushSubscriptionBody(as).endpoint } }),
  },
  { method: 'GET', path: '/api/blocks', expect: approvedOnly(200) },
  {
    method: 'POST',
    path: '/api/blocks/:userId',
    expect: approvedOnly(201),
    prepare: async (w) => ({ path: `/api/blocks/${await bystanderOf(w)}` }),
  },
  {
    method: 'DELETE',
    path: '/api/blocks/:userId',
    expect: approvedOnly(200),
    prepare: async (w) => ({ path: `/api/blocks/${await bystanderOf(w)}` }),
  },
  {
    method: 'GET',
    path: '/api/messaging/users/:userId/reply-time',
    expect: approvedOnly(200),
    prepare: (w) => ({ path: `/api/messaging/users/${w.users.owner.id}/reply-time` }),
  },
  { method: 'GET', path: '/api/exchanges', expect: approvedOnly(200) },
  {
    method: 'POST',
    path: '/api/exchanges',
    // Anyone approved may ask for the owner's item; the owner may not ask for their own.
    expect: s(401, 403, 201, 400, 201, 201),
    prepare: async (w) => ({ body: { itemId: await fresh.item(w) } }),
  },
  // One exchange of the swap lifecycle per cell (`other` asks for a fresh item of the owner's): its two parties
  // act by their roles, `approved` is a third party (404, as if it did not exist), admins read but do not act.
  {
    method: 'GET',
    path: '/api/exchanges/:id',
    expect: s(401, 403, 404, 200, 200, 200),
    prepare: async (w) => ({ path: `/api/exchanges/${(await w.proposal(w.users.other, w.users.owner)).id}` }),
  },
  ...(['accept', 'decline'] as const).map((action) => ({
    method: 'POST' as const,
    path: `/api/exchanges/:id/${action}`,
    expect: s(401, 403, 404, 200, 403, 403),
    prepare: async (w: World) => ({
      path: `/api/exchanges/${(await w.proposal(w.users.other, w.users.owner)).id}/${action}`,
    }),
  })),
  {
    method: 'POST',
    path: '/api/exchanges/:id/withdraw',
    expect: s(401, 403, 404, 403, 200, 403),
    prepare: async (w) => ({
      path: `/api/exchanges/${(await w.proposal(w.users.other, w.users.owner)).id}/withdraw`,
    }),
  },
  ...(['confirm', 'dispute', 'cancel', 'no-show'] as const).map((action) => ({
    method: 'POST' as const,
    path: `/api/exchanges/:id/${action}`,
    // No meetup was agreed: a no-show cannot be reported yet.
    expect: action === 'no-show' ? s(401, 403, 404, 409, 409, 403) : s(401, 403, 404, 200, 200, 403),
    prepare: async (w: World) => ({
      path: `/api/exchanges/${(await w.proposal(w.users.other, w.users.owner, { accepted: true })).id}/${action}`,
      ...(action === 'cancel' ? { body: { reason: 'Leaving town early' } } : {}),
    }),
  })),
  {
    method: 'PUT',
    path: '/api/exchanges/:id/meetup',
    expect: s(401, 403, 404, 200, 200, 403),
    prepare: async (w) => ({
      path: `/api/exchanges/${(await w.proposal(w.users.other, w.users.owner, { accepted: true })).id}/meetup`,
      body: { at: new Date(Date.now() + 86_400_000).toISOString(), place: 'Central station' },
    }),
  },
  {
    method: 'POST',
    path: '/api/exchanges/:id/meetup/accept',
    // The owner proposed it: only `other` accepts it.
    expect: s(401, 403, 404, 409, 200, 403),
    prepare: async (w) => ({ path: `/api/exchanges/${await meetupProposedByOwner(w)}/meetup/accept` }),
  },
  {
    method: 'GET',
    path: '/api/exchanges/:id/meetup.ics',
    expect: s(401, 403, 404, 200, 200, 404),
    prepare: async (w) => ({ path: `/api/exchanges/${await meetupProposedByOwner(w)}/meetup.ics` }),
  },
  {
    method: 'POST',
    path: '/api/exchanges/complete',
    // Only someone who has talked with the other party may confirm a swap with them; `approved` and `admin`
    // (who messaged the owner in earlier rows) name a user they never talked to. `other`'s Complete Swap
    // confirms their side of an accepted exchange for the named item (200; it waits for the owner).
    expect: s(401, 403, 403, 400, 200, 403),
    prepare: async (w, as) => {
      if (as !== 'other') return { body: { otherUserId: await counterpart(w, as) } };
      await w.message(w.users.other, w.users.owner);
      const { itemId } = await w.proposal(w.users.other, w.users.owner, { accepted: true });
      return { body: { otherUserId: w.users.owner.id, itemId } };
    },
  },

  // moderation
  {
    method: 'POST',
    path: '/api/reviews',
    // A review needs a completed exchange with the reviewee: `other` completes one first.
    expect: s(401, 403, 403, 400, 201, 403),
    prepare: async (w, as) => {
      if (as === 'other') await w.exchange(w.users.other, w.users.owner);
      return { body: { rating: 4, comment: 'Fair swap.', revieweeId: await counterpart(w, as) } };
    },
  },
  { method: 'GET', path: '/api/reviews/pending', expect: approvedOnly(200) },
  {
    method: 'GET',
    path: '/api/reviews/:userId',
    expect: s(401, 403, 200, 200, 200, 200),
    prepare: (w) => ({ path: `/api/reviews/${w.users.owner.id}` }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/reviews/:id',
    expect: adminOnly(200),
    prepare: async (w) => {
      const [by, of] = await Promise.all([w.register(), w.register()]);
      return { path: `/api/admin/reviews/${await w.review(by, of)}` };
    },
  },
  { method: 'POST', path: '/api/reports', expect: everyone(201), prepare: () => ({ body: reportBody() }) },
  { method: 'GET', path: '/api/reports', expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/reports/:id',
    expect: adminOnly(200),
    prepare: async (w) => ({
      path: `/api/reports/${await w.report(w.users.owner)}`,
      body: { status: 'resolved' },
    }),
  },
  { method: 'POST', path: '/api/contact', expect: everyone(201), prepare: () => ({ body: contactBody() }) },
  { method: 'GET', path: '/api/admin/contact-messages', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/audit-log', expect: adminOnly(200) },
];

/** Applies the lead's switch list (pending.ts) to a row's expectation. */
export function expectedOf(row: MatrixRow, persona: Persona): number {
  return PENDING.matrix[`${row.method} ${row.path} ${persona}`] ?? row.expect[persona];
}
