import request from 'supertest';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXCHANGE_ACTIONS,
  EXCHANGE_STATUSES,
  type ExchangeAction,
  type ExchangeStatus,
} from '@nomadswap/contracts/exchanges';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';
import type { ExchangeRecord } from '../../data/exchange';
import { actOnExchange } from '../../domain/act-on-exchange';
import { TRANSITIONS } from '../../domain/exchange-process';

/**
 * THE authorization and state matrix of the swap lifecycle (issue 20): every action × every state × {requester,
 * owner, third party, admin, visitor} → status, written out by hand (not derived from the transition table), and
 * checked against the running app. Each state's fixture: `proposed` a plain request; `accepted` with a meetup the
 * owner proposed (not agreed yet, tomorrow) and no confirmation; `completed` confirmed by both; `cancelled` by the
 * requester for "plans changed"; the other ended states as the action that reaches them leaves them.
 */
type Party = 'requester' | 'owner';
type Row = Record<ExchangeStatus, Record<Party, number>>;

const both = (status: number) => ({ requester: status, owner: status });
const ownerOnly = (ownerStatus: number) => ({ requester: 403, owner: ownerStatus });
const requesterOnly = (requesterStatus: number) => ({ requester: requesterStatus, owner: 403 });
const allStates = (cell: Record<Party, number>, overrides: Partial<Row> = {}): Row =>
  ({ ...Object.fromEntries(EXCHANGE_STATUSES.map((status) => [status, cell])), ...overrides }) as Row;

const EXPECTED: Record<Exclude<ExchangeAction, 'expire' | 'auto_complete' | 'end_by_block'>, Row> = {
  accept: allStates(ownerOnly(409), { proposed: ownerOnly(200), accepted: ownerOnly(200) }),
  decline: allStates(ownerOnly(409), { proposed: ownerOnly(200), declined: ownerOnly(200) }),
  withdraw: allStates(requesterOnly(409), { proposed: requesterOnly(200), withdrawn: requesterOnly(200) }),
  cancel: allStates(both(409), { accepted: both(200), cancelled: both(200) }),
  propose_meetup: allStates(both(409), { accepted: both(200) }),
  // The owner proposed the fixture's meetup: only the requester can accept it.
  accept_meetup: allStates(both(409), { accepted: { requester: 200, owner: 409 } }),
  // Completed by both: confirming again is a retry.
  confirm: allStates(both(409), { accepted: both(200), completed: both(200) }),
  dispute: allStates(both(409), { accepted: both(200) }),
  // The fixture's meetup is not agreed: no-show needs an agreed meetup whose time has passed.
  no_show: allStates(both(409), { no_show: both(200) }),
};

/** What the system's timers and rules may do, by state: moved (or already done, 'noop') or refused. */
const systemRow = (cell: string, overrides: Partial<Record<ExchangeStatus, string>>) =>
  ({ ...Object.fromEntries(EXCHANGE_STATUSES.map((status) => [status, cell])), ...overrides }) as Record<
    ExchangeStatus,
    string
  >;
const SYSTEM_EXPECTED: Record<'expire' | 'auto_complete' | 'end_by_block', Record<ExchangeStatus, string>> = {
  // The fixtures are fresh: neither deadline has passed.
  expire: systemRow('EXCHANGE_STATE', { proposed: 'NOT_DUE', expired: 'noop' }),
  auto_complete: systemRow('EXCHANGE_STATE', { accepted: 'NOT_DUE', completed: 'noop' }),
  end_by_block: systemRow('noop', { proposed: 'cancelled', accepted: 'cancelled' }),
};

const PATHS: Record<keyof typeof EXPECTED, { method: 'post' | 'put'; path: string; body?: object }> = {
  accept: { method: 'post', path: 'accept' },
  decline: { method: 'post', path: 'decline' },
  withdraw: { method: 'post', path: 'withdraw' },
  cancel: { method: 'post', path: 'cancel', body: { reason: 'changed plans' } },
  propose_meetup: { method: 'put', path: 'meetup', body: { place: 'Central station' } },
  accept_meetup: { method: 'post', path: 'meetup/accept' },
  confirm: { method: 'post', path: 'confirm' },
  dispute: { method: 'post', path: 'dispute' },
  no_show: { method: 'post', path: 'no-show' },
};

let env: MessagingTestEnv;
let requester: TestUser;
let owner: TestUser;
let third: TestUser;
let admin: TestUser;
beforeAll(async () => {
  env = await createMessagingTestEnv();
  [requester, owner, third, admin] = await Promise.all([
    env.user(),
    env.user(),
    env.user(),
    env.user({ role: 'admin' }),
  ]);
});
afterAll(() => env.close());

/** A stored exchange in `status`, as the fixture of that state describes, on an item of its own. */
async function fixture(status: ExchangeStatus): Promise<string> {
  const id = new Types.ObjectId();
  const now = new Date();
  const itemId = new Types.ObjectId(await env.item({ ownerId: owner.id }));
  const r = new Types.ObjectId(requester.id);
  const o = new Types.ObjectId(owner.id);
  const ended = !['proposed', 'accepted', 'completed'].includes(status);
  const record: ExchangeRecord = {
    _id: id,
    requesterId: r,
    ownerId: o,
    itemId,
    offeredItemIds: [],
    status,
    message: null,
    confirmedBy: status === 'completed' ? [r, o] : [],
    firstConfirmedAt: status === 'completed' ? now : null,
    meetup:
      status === 'accepted'
        ? {
            at: new Date(now.getTime() + 86_400_000),
            place: 'Market hall',
            note: null,
            proposedBy: o,
            proposedAt: now,
            agreed: false,
          }
        : null,
    ...(status === 'proposed' ? { openKey: `${requester.id}:${id.toHexString()}` } : {}),
    ...(status === 'accepted' ? { reservedKey: itemId.toHexString() } : {}),
    dedupeKey: `ex:${id.toHexString()}`,
    createdAt: now,
    updatedAt: now,
    acceptedAt: ['accepted', 'completed', 'cancelled', 'no_show'].includes(status) ? now : null,
    completedAt: status === 'completed' ? now : null,
    endedAt: ended ? now : null,
    endedBy: ended ? r : null,
    endReason: status === 'cancelled' ? 'plans changed' : null,
    noShowUserId: status === 'no_show' ? o : null,
    version: 1,
  };
  await env.ctx.exchanges.collection.insertOne(record);
  return id.toHexString();
}

describe('the transition table has expectations for every row', () => {
  it('each user action of the table is a 200 for its roles in its from-state; each system action is expected', () => {
    for (const row of TRANSITIONS) {
      if (row.by.includes('system')) {
        const system = SYSTEM_EXPECTED[row.action as keyof typeof SYSTEM_EXPECTED];
        const owners = row.by.filter((by) => by !== 'system');
        if (owners.length === 0) {
          expect(system?.[row.from], `${row.action} from ${row.from} by the system`).not.toMatch(
            /EXCHANGE_STATE/,
          );
          continue;
        }
      }
      const expected = EXPECTED[row.action as keyof typeof EXPECTED];
      expect(expected, `no expectations for ${row.action}`).toBeDefined();
      const cell = expected[row.from];
      const allowed = row.by.filter((by): by is Party => by !== 'system').map((by) => cell[by]);
      // A row may need a condition the fixture does not meet (409), but never a role refusal for its own roles.
      expect(
        allowed.every((status) => status !== 403),
        `${row.action} from ${row.from}`,
      ).toBe(true);
    }
    expect(Object.keys(EXPECTED).length + Object.keys(SYSTEM_EXPECTED).length).toBe(EXCHANGE_ACTIONS.length);
  });
});

describe.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('%s', (action) => {
  it.each([...EXCHANGE_STATUSES])(
    'from %s: requester, owner, third party, admin, visitor',
    async (status) => {
      const { method, path, body = {} } = PATHS[action];
      const payload =
        action === 'propose_meetup'
          ? { ...body, at: new Date(Date.now() + 2 * 86_400_000).toISOString() }
          : body;
      const call = (id: string, who?: TestUser) => {
        const req = request(env.app)[method](`/api/exchanges/${id}/${path}`);
        return (who ? req.set(who.headers) : req).send(payload);
      };
      const got: Record<string, number> = {};
      for (const who of ['requester', 'owner'] as const) {
        const id = await fixture(status);
        got[who] = (await call(id, who === 'requester' ? requester : owner)).status;
      }
      const id = await fixture(status);
      got.third = (await call(id, third)).status;
      got.admin = (await call(id, admin)).status;
      got.visitor = (await call(id)).status;
      expect(got).toEqual({ ...EXPECTED[action][status], third: 404, admin: 403, visitor: 401 });
    },
  );
});

describe.each(Object.keys(SYSTEM_EXPECTED) as (keyof typeof SYSTEM_EXPECTED)[])('system: %s', (action) => {
  it.each([...EXCHANGE_STATUSES])('from %s', async (status) => {
    const id = await fixture(status);
    const outcome = await actOnExchange(env.ctx, { exchangeId: id, action, caller: { system: true } }).then(
      ({ exchange, changed }) => (changed ? exchange.status : 'noop'),
      (error: { code?: string }) => error.code ?? 'error',
    );
    expect(outcome).toBe(SYSTEM_EXPECTED[action][status]);
  });
});
