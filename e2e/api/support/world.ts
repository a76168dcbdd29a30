import mongoose from 'mongoose';
import request from 'supertest';
import { CATEGORIES, CONTACT_CATEGORY_VALUES } from '@nomadswap/contracts/enums';
import { ensureAdminAccount } from '@nomadswap/auth/domain/ensure-admin-account';
import { buildRegistration } from '@nomadswap/auth/test/support/factories';
import { eventually, unique } from '@nomadswap/service-kit/testing';
import { startApiStack, type ApiStack } from './stack';

/** The callers of the matrix: who asks, relative to the resource the request names (always the owner's). */
export const PERSONAS = ['visitor', 'unapproved', 'approved', 'owner', 'other', 'admin'] as const;
export type Persona = (typeof PERSONAS)[number];

export interface Caller {
  id: string;
  email: string;
  password: string;
  token: string;
  headers: { Authorization: string };
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  query?: Record<string, unknown> | string;
  body?: unknown;
  headers?: Record<string, string>;
}

export type ApiResponse = request.Response;

export interface World {
  stack: ApiStack;
  /**
   * The signed-in personas: `owner` owns every resource a matrix request names; `other` is an approved user who
   * talks and swaps with the owner (related, but not the owner); `approved` an approved user with no relation;
   * `unapproved` a registered user an admin has not approved; `admin` holds the admin role.
   */
  users: Record<Exclude<Persona, 'visitor'>, Caller>;
  headersOf(persona: Persona): Record<string, string>;
  send(req: ApiRequest, headers?: Record<string, string>): Promise<ApiResponse>;
  /** Registers through POST /api/auth/register; approved by the admin through the API unless `approved: false`. */
  register(options?: { approved?: boolean }): Promise<Caller>;
  /** A new item of `owner` through POST /api/items; returns its id. */
  item(owner: Caller, overrides?: Record<string, unknown>): Promise<string>;
  /** A message from one to the other through POST /api/messages; returns its id. */
  message(from: Caller, to: Caller): Promise<string>;
  /**
   * A completed exchange between the two (they message first; both confirm with Complete Swap), announced to
   * moderation; returns its id.
   */
  exchange(requester: Caller, owner: Caller): Promise<string>;
  /** A request by `requester` for a fresh item of `owner` (proposed), accepted by the owner when `accepted`. */
  proposal(
    requester: Caller,
    owner: Caller,
    options?: { accepted?: boolean },
  ): Promise<{ id: string; itemId: string }>;
  /** A review by `by` of `of` (after a completed exchange); returns its id. */
  review(by: Caller, of: Caller): Promise<string>;
  /** A report by `by` (or a visitor); returns its id. */
  report(by?: Caller): Promise<string>;
  close(): Promise<void>;
}

export const itemBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Osprey backpack 40L',
  description: 'Carry-on size, all zips work, a few scuffs on the base.',
  category: CATEGORIES[0],
  condition: 'good',
  location: 'Lisbon, Portugal',
  preferredExchange: 'A tent or a camera',
  ...overrides,
});

export const reportBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'other',
  urgency: 'low',
  subject: 'Strange listing',
  description: 'The listing looks copied from another site.',
  ...overrides,
});

export const contactBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana',
  email: 'ana@example.com',
  subject: 'Hello',
  category: CONTACT_CATEGORY_VALUES[0],
  message: 'A question about swapping gear.',
  ...overrides,
});

/** A valid registration (auth's own test factory) with any extra or hostile fields the test adds. */
export const registerBody = (overrides: Record<string, unknown> = {}) => ({
  ...buildRegistration(),
  ...overrides,
});

function expectStatus(res: ApiResponse, status: number, what: string): void {
  if (res.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Starts the stack and signs up the personas through the real API. */
/** `now`: the services' clock (sanctions end by it; tokens are verified on it), for tests that move time. */
export async function createWorld(options: { now?: () => Date } = {}): Promise<World> {
  const stack = await startApiStack(options);
  const send = (req: ApiRequest, headers: Record<string, string> = {}) => {
    const method = req.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    let pending = request(stack.api)
      [method](req.path)
      .set({ ...headers, ...req.headers });
    if (req.query !== undefined) pending = pending.query(req.query as Record<string, string>);
    if (req.body !== undefined) pending = pending.send(req.body as object);
    return pending.then((res) => res);
  };

  const adminEmail = `admin.${unique()}@example.com`;
  const adminPassword = 'admin password 123';
  await ensureAdminAccount(stack.ctx.auth, { email: adminEmail, password: adminPassword });
  const login = await send({
    method: 'POST',
    path: '/api/auth/login',
    body: { email: adminEmail, password: adminPassword },
  });
  expectStatus(login, 200, 'admin login');
  const admin: Caller = {
    id: login.body.user.id,
    email: adminEmail,
    password: adminPassword,
    token: login.body.token,
    headers: { Authorization: `Bearer ${login.body.token}` },
  };

  /** Waits until every service's projection knows the user as `approved` (events are asynchronous). */
  const known = async (id: string, approved: boolean) => {
    const { items, messaging, moderation } = stack.ctx;
    const models = [
      items.owners.collection,
      messaging.mongo.model('ChatUser').collection,
      moderation.mongo.model('ModerationUser').collection,
    ];
    const _id = new mongoose.Types.ObjectId(id);
    await eventually(async () => {
      const found = await Promise.all(models.map((collection) => collection.findOne({ _id })));
      return found.every((doc) => doc && (doc.isApproved ?? approved) === approved);
    }, 15_000);
  };

  const register = async ({ approved = true } = {}) => {
    const body = registerBody();
    const res = await send({ method: 'POST', path: '/api/auth/register', body });
    expectStatus(res, 201, 'register');
    const caller: Caller = {
      id: res.body.user.id,
      email: body.email,
      password: body.password,
      token: res.body.token,
      headers: { Authorization: `Bearer ${res.body.token}` },
    };
    if (approved) {
      const ok = await send({ method: 'POST', path: `/api/admin/approve-user/${caller.id}` }, admin.headers);
      expectStatus(ok, 200, 'approve');
    }
    await known(caller.id, approved);
    return caller;
  };

  const [owner, other, approved, unapproved] = await Promise.all([
    register(),
    register(),
    register(),
    register({ approved: false }),
  ]);
  const users = { owner, other, approved, unapproved, admin };

  const message = async (from: Caller, to: Caller) => {
    const res = await send(
      {
        method: 'POST',
        path: '/api/messages',
        body: { receiverId: to.id, content: 'Is the tent still there?' },
      },
      from.headers,
    );
    expectStatus(res, 201, 'message');
    return res.body.id as string;
  };

  const exchange = async (requester: Caller, owner: Caller) => {
    await message(requester, owner);
    for (const [by, other] of [
      [requester, owner],
      [owner, requester],
    ] as const) {
      const res = await send(
        { method: 'POST', path: '/api/exchanges/complete', body: { otherUserId: other.id } },
        by.headers,
      );
      if (res.status !== 201 && res.status !== 200) expectStatus(res, 201, 'exchange');
    }
    const done = await send(
      { method: 'GET', path: '/api/exchanges', query: { userId: owner.id, status: 'completed' } },
      requester.headers,
    );
    const id = (done.body as { id: string }[])[0]!.id;
    await eventually(() => stack.ctx.moderation.mongo.model('CompletedExchange').exists({ _id: id }), 15_000);
    return id;
  };

  return {
    stack,
    users,
    headersOf: (persona) => (persona === 'visitor' ? {} : users[persona].headers),
    send,
    register,
    async item(itemOwner, overrides = {}) {
      const res = await send(
        { method: 'POST', path: '/api/items', body: itemBody(overrides) },
        itemOwner.headers,
      );
      expectStatus(res, 201, 'item');
      return res.body.id as string;
    },
    message,
    exchange,
    async proposal(requester, owner, options = {}) {
      const made = await send({ method: 'POST', path: '/api/items', body: itemBody() }, owner.headers);
      expectStatus(made, 201, 'item');
      const itemId = made.body.id as string;
      // Messaging learns of the item through its event.
      const asked = await eventually(async () => {
        const res = await send(
          { method: 'POST', path: '/api/exchanges', body: { itemId } },
          requester.headers,
        );
        return res.status === 201 ? res : undefined;
      }, 15_000);
      const id = asked.body.id as string;
      if (options.accepted) {
        const res = await send({ method: 'POST', path: `/api/exchanges/${id}/accept` }, owner.headers);
        expectStatus(res, 200, 'accept');
      }
      return { id, itemId };
    },
    async review(by, of) {
      await exchange(by, of);
      const res = await eventually(async () => {
        const attempt = await send(
          {
            method: 'POST',
            path: '/api/reviews',
            body: { rating: 5, comment: 'Smooth swap.', revieweeId: of.id },
          },
          by.headers,
        );
        return attempt.status === 201 ? attempt : undefined;
      }, 15_000);
      return res.body.id as string;
    },
    async report(by) {
      const res = await send({ method: 'POST', path: '/api/reports', body: reportBody() }, by?.headers ?? {});
      expectStatus(res, 201, 'report');
      return res.body.id as string;
    },
    close: () => stack.close(),
  };
}
