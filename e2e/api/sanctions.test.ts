import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageSendAck } from '@nomadswap/contracts/socket-events';
import { buildApp as buildMessagingApp } from '@nomadswap/messaging/app';
import { attachSocketServer, type RunningSocketServer } from '@nomadswap/messaging/realtime/socket-server';
import { eventually } from '@nomadswap/service-kit/testing';
import { expectErrorFormat } from './support/error-format';
import { createWorld, itemBody, type ApiResponse, type Caller, type World } from './support/world';

/**
 * Sanctions enforced through the whole stack (issue 26): every service's real app behind the gateway's route
 * table, and the messaging socket server. One row per sanction, one column per guarded action.
 */

/** How far the services' clock is ahead of real time: the expired row moves it past its restriction's end. */
let aheadMs = 0;
const now = () => new Date(Date.now() + aheadMs);

let world: World;
let partner: Caller;
/** An item of the partner that messaging knows, for swap requests. */
let partnerItemId: string;
let httpServer: Server;
let sockets: RunningSocketServer;
let socketUrl: string;
const clients: Socket[] = [];

beforeAll(async () => {
  world = await createWorld({ now });
  partner = world.users.other;
  partnerItemId = await world.item(partner);
  await eventually(
    () => world.stack.ctx.messaging.mongo.model('ChatItem').exists({ _id: partnerItemId }),
    15_000,
  );
  httpServer = createServer(buildMessagingApp(world.stack.ctx.messaging));
  sockets = attachSocketServer(world.stack.ctx.messaging, httpServer, {
    stream: `${world.stack.stores.keyPrefix}socket.io`,
    adapterBlockMs: 200,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  await sockets.ready;
  socketUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await sockets?.close();
  await new Promise((resolve) => httpServer?.close(resolve));
  await world?.close();
});

function openSocket(token: string): Promise<Socket> {
  const socket = connect(socketUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const sendOverSocket = (socket: Socket, content: string): Promise<MessageSendAck> =>
  new Promise((resolve) =>
    socket.emit(
      'message:send',
      { receiverId: partner.id, content, clientId: new mongoose.Types.ObjectId().toHexString() },
      resolve,
    ),
  );

const sanction = (user: Caller, body: object) =>
  world.send(
    { method: 'POST', path: `/api/admin/users/${user.id}/sanctions`, body },
    world.users.admin.headers,
  );

type Row = 'none' | 'warned' | 'restricted' | 'suspended' | 'expired restriction' | 'lifted';
type Action =
  | 'login'
  | 'GET /api/items'
  | 'POST /api/items'
  | 'POST /api/messages'
  | 'socket message:send'
  | 'POST /api/exchanges'
  | 'GET /api/auth/me';

/** What each action answers: a status, or the status with the error code of a sanction. */
type Outcome = number | `403 ${'ACCOUNT_RESTRICTED' | 'ACCOUNT_SUSPENDED'}`;

const ok = {
  login: 200,
  'GET /api/items': 200,
  'POST /api/items': 201,
  'POST /api/messages': 201,
  'socket message:send': 201,
  'POST /api/exchanges': 201,
  'GET /api/auth/me': 200,
} satisfies Record<Action, Outcome>;
const restricted: Record<Action, Outcome> = {
  ...ok,
  'POST /api/items': '403 ACCOUNT_RESTRICTED',
  'POST /api/messages': '403 ACCOUNT_RESTRICTED',
  'socket message:send': '403 ACCOUNT_RESTRICTED',
  'POST /api/exchanges': '403 ACCOUNT_RESTRICTED',
};
const suspended = Object.fromEntries(
  Object.keys(ok).map((action) => [action, '403 ACCOUNT_SUSPENDED']),
) as Record<Action, Outcome>;

/** THE enforcement matrix: a row per sanction × the guarded actions. */
const MATRIX: Record<Row, Record<Action, Outcome>> = {
  none: ok,
  warned: ok,
  restricted,
  suspended,
  'expired restriction': ok,
  lifted: ok,
};

/** Puts a fresh approved user under the row's sanction (through the admin API). */
const SETUP: Record<Row, (user: Caller) => Promise<unknown>> = {
  none: async () => undefined,
  warned: (user) => sanction(user, { type: 'warn', reason: 'Please be kind in chat' }),
  restricted: (user) => sanction(user, { type: 'restrict', days: 7, reason: 'Spammy listings' }),
  suspended: (user) => sanction(user, { type: 'suspend', days: 7, reason: 'Scam attempts' }),
  async 'expired restriction'(user) {
    const res = await sanction(user, { type: 'restrict', days: 1, reason: 'One day to cool off' });
    // The services' clock moves past the end: no job runs, every check compares times.
    aheadMs = new Date(res.body.endsAt).getTime() - Date.now() + 1_000;
  },
  async lifted(user) {
    await sanction(user, { type: 'suspend', reason: 'Mistaken identity' });
    const res = await world.send(
      { method: 'DELETE', path: `/api/admin/users/${user.id}/sanctions/current` },
      world.users.admin.headers,
    );
    expect(res.status).toBe(204);
  },
};

function outcomeOf(res: ApiResponse): Outcome {
  if (res.status === 403 && /^ACCOUNT_/.test(String(res.body.code))) return `403 ${res.body.code}` as Outcome;
  return res.status;
}

describe.each(Object.keys(MATRIX) as Row[])('a %s user', (row) => {
  let user: Caller;
  let socket: Socket;
  let closed: Promise<string>;

  beforeAll(async () => {
    user = await world.register();
    // Opened before the sanction: a suspension must end it.
    socket = await openSocket(user.token);
    closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const answer = await SETUP[row](user);
    if (answer && typeof answer === 'object' && 'status' in answer) {
      expect((answer as ApiResponse).status, (answer as ApiResponse).text).toBe(201);
    }
  });

  const run: Record<Action, () => Promise<Outcome>> = {
    login: async () =>
      outcomeOf(
        await world.send({
          method: 'POST',
          path: '/api/auth/login',
          body: { email: user.email, password: user.password },
        }),
      ),
    'GET /api/items': async () =>
      outcomeOf(await world.send({ method: 'GET', path: '/api/items' }, user.headers)),
    'POST /api/items': async () =>
      outcomeOf(await world.send({ method: 'POST', path: '/api/items', body: itemBody() }, user.headers)),
    'POST /api/messages': async () =>
      outcomeOf(
        await world.send(
          {
            method: 'POST',
            path: '/api/messages',
            body: { receiverId: partner.id, content: 'Hello there!' },
          },
          user.headers,
        ),
      ),
    async 'socket message:send'() {
      if (MATRIX[row]['socket message:send'] === '403 ACCOUNT_SUSPENDED') {
        // The open socket ended at once; a new one is refused at the handshake.
        expect(await closed).toBe('io server disconnect');
        const refused = await openSocket(user.token).then(
          () => undefined,
          (error: Error) => error.message,
        );
        return refused === 'Your account is suspended' ? '403 ACCOUNT_SUSPENDED' : 200;
      }
      // A lifted suspension had ended the open socket: the user connects again.
      const live = socket.connected ? socket : await openSocket(user.token);
      const ack = await sendOverSocket(live, 'Hello over the socket');
      if ('code' in ack && typeof ack.code === 'string') return `403 ${ack.code}` as Outcome;
      return 'id' in ack ? 201 : 500;
    },
    'POST /api/exchanges': async () =>
      outcomeOf(
        await world.send(
          { method: 'POST', path: '/api/exchanges', body: { itemId: partnerItemId } },
          user.headers,
        ),
      ),
    'GET /api/auth/me': async () =>
      outcomeOf(await world.send({ method: 'GET', path: '/api/auth/me' }, user.headers)),
  };

  it.each(Object.entries(MATRIX[row]) as [Action, Outcome][])('%s → %s', async (action, expected) => {
    expect(await run[action]()).toBe(expected);
  });
});

describe('what a sanctioned user is told', () => {
  it('a suspended user’s sign-in answers 403 in the error format with the reason and the end date', async () => {
    const user = await world.register();
    const made = await sanction(user, { type: 'suspend', days: 3, reason: 'Scam attempts in chat' });
    const res = await world.send({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(403);
    expectErrorFormat(res, 'suspended login');
    expect(res.body).toEqual({
      error: 'Your account is suspended',
      code: 'ACCOUNT_SUSPENDED',
      sanction: { type: 'suspend', reason: 'Scam attempts in chat', endsAt: made.body.endsAt },
    });
  });

  it('a restricted user’s listing answers 403 with the end date, and their own profile says what they are under', async () => {
    const user = await world.register();
    const made = await sanction(user, { type: 'restrict', days: 5, reason: 'Too many listings' });
    const res = await world.send({ method: 'POST', path: '/api/items', body: itemBody() }, user.headers);
    expectErrorFormat(res, 'restricted listing');
    expect(res.body).toEqual({
      error: 'Your account is restricted: you cannot list items, send messages or request swaps',
      code: 'ACCOUNT_RESTRICTED',
      sanction: { type: 'restrict', endsAt: made.body.endsAt },
    });
    const me = await world.send({ method: 'GET', path: '/api/auth/me' }, user.headers);
    expect(me.body.sanction).toEqual({
      id: made.body.id,
      type: 'restrict',
      reason: 'Too many listings',
      endsAt: made.body.endsAt,
    });
  });
});

describe('a suspended user’s listings', () => {
  const browse = async (as: Caller) => {
    const res = await world.send({ method: 'GET', path: '/api/items' }, as.headers);
    return (res.body as { id: string }[]).map((item) => item.id);
  };
  const stats = async () =>
    (await world.send({ method: 'GET', path: '/api/items/stats' })).body.locationCounts as Record<
      string,
      number
    >;

  it('are hidden from browse, search, stats and item detail for others while suspended, and shown again on lift', async () => {
    const owner = await world.register();
    const viewer = world.users.approved;
    const location = `Sanctionville ${new mongoose.Types.ObjectId().toHexString().slice(-6)}`;
    const itemId = await world.item(owner, { title: 'Hidden hammock', location });
    expect(await browse(viewer)).toContain(itemId);
    expect((await stats())[location]).toBe(1);

    await sanction(owner, { type: 'suspend', reason: 'Selling stolen goods' });
    await eventually(async () => !(await browse(viewer)).includes(itemId), 15_000);
    const search = await world.send(
      { method: 'GET', path: '/api/items', query: { q: 'Hidden hammock' } },
      viewer.headers,
    );
    expect(search.body).toEqual([]);
    expect((await stats())[location]).toBeUndefined();
    const detail = await world.send({ method: 'GET', path: `/api/items/${itemId}` }, viewer.headers);
    expect(detail.status).toBe(404);
    // Not deleted: the admin still sees it.
    const asAdmin = await world.send(
      { method: 'GET', path: `/api/items/${itemId}` },
      world.users.admin.headers,
    );
    expect(asAdmin.status).toBe(200);

    await world.send(
      { method: 'DELETE', path: `/api/admin/users/${owner.id}/sanctions/current` },
      world.users.admin.headers,
    );
    await eventually(async () => (await browse(viewer)).includes(itemId), 15_000);
    expect((await world.send({ method: 'GET', path: `/api/items/${itemId}` }, viewer.headers)).status).toBe(
      200,
    );
  });

  it('show again by themselves when a suspension with days ends (the clock, no job)', async () => {
    const owner = await world.register();
    const itemId = await world.item(owner, { title: 'Time-boxed tent' });
    const made = await sanction(owner, { type: 'suspend', days: 2, reason: 'Two days off' });
    await eventually(async () => !(await browse(world.users.approved)).includes(itemId), 15_000);
    aheadMs = new Date(made.body.endsAt).getTime() - Date.now() + 1_000;
    const detail = await world.send(
      { method: 'GET', path: `/api/items/${itemId}` },
      world.users.approved.headers,
    );
    expect(detail.status).toBe(200);
    // Browse pages are cached at most 30 s on the same clock: moving it past that shows the page as it is now.
    aheadMs += 31_000;
    expect(await browse(world.users.approved)).toContain(itemId);
    const login = await world.send({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(200);
  });
});

describe('a sanction from a report', () => {
  it('resolves the report, which records the sanction; the audit log names the action', async () => {
    const user = await world.register();
    const reportId = await world.report(world.users.approved);
    const made = await sanction(user, { type: 'restrict', days: 7, reason: 'Reported for spam', reportId });
    expect(made.status).toBe(201);
    expect(made.body.reportId).toBe(reportId);
    const report = await eventually(async () => {
      const res = await world.send({ method: 'GET', path: '/api/reports' }, world.users.admin.headers);
      const found = (res.body as { id: string; sanction?: unknown }[]).find((r) => r.id === reportId);
      return found?.sanction ? found : undefined;
    }, 15_000);
    expect(report).toMatchObject({
      status: 'resolved',
      assignedTo: world.users.admin.id,
      sanction: { id: made.body.id, type: 'restrict' },
    });
    const audit = await eventually(async () => {
      const res = await world.send(
        { method: 'GET', path: '/api/admin/audit-log', query: { action: 'user.sanctioned' } },
        world.users.admin.headers,
      );
      return (res.body as { target: { id: string } }[]).find((entry) => entry.target.id === user.id);
    }, 15_000);
    expect(audit).toMatchObject({ action: 'user.sanctioned', after: { type: 'restrict', reportId } });
  });
});
