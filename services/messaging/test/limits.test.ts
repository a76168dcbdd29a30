import request from 'supertest';
import webpush from 'web-push';
import { afterAll, beforeAll } from 'vitest';
import { describeLimitRows, limitQuery, type LimitSender } from '@nomadswap/service-kit/testing-limits';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { createMessagingTestEnv, type MessagingTestEnv, type TestUser } from './support/messaging-test-env';

let env: MessagingTestEnv;
let me: TestUser;
let other: TestUser;
beforeAll(async () => {
  env = await createMessagingTestEnv({
    messagesPerMinute: 1_000,
    pushConfig: {
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@nomadswap.example' },
      allowedHosts: [],
    },
  });
  [me, other] = await Promise.all([env.user(), env.user()]);
});
afterAll(() => env.close());

const api = () => request(env.app);

/** An owner with an item and a requester whose request for it the owner accepted. */
async function acceptedSwap() {
  const [owner, requester] = await Promise.all([env.user(), env.user()]);
  const itemId = await env.item({ ownerId: owner.id });
  const asked = await api().post('/api/exchanges').set(requester.headers).send({ itemId }).expect(201);
  const id = (asked.body as ExchangeView).id;
  await api().post(`/api/exchanges/${id}/accept`).set(owner.headers).send({}).expect(200);
  return { owner, requester, id };
}

/** How each route of the table is called with the row's field set to `value` (the rest valid). */
const send: Record<string, LimitSender> = {
  'POST /api/messages': (row, value) =>
    api()
      .post('/api/messages')
      .set(me.headers)
      .send({ receiverId: other.id, content: 'hi', [row.field]: value }),
  'GET /api/messages': (row, value) =>
    api().get('/api/messages').set(me.headers).query(limitQuery(row, value)),
  'GET /api/conversations': (row, value) =>
    api().get('/api/conversations').set(me.headers).query(limitQuery(row, value)),
  async 'POST /api/exchanges'(row, value) {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    // Offered items are the requester's own, as many as the row asks for.
    const field =
      row.field === 'offeredItemIds'
        ? await Promise.all((value as unknown[]).map(() => env.item({ ownerId: requester.id })))
        : value;
    return api()
      .post('/api/exchanges')
      .set(requester.headers)
      .send({ itemId, [row.field]: field });
  },
  async 'POST /api/exchanges/:id/cancel'(row, value) {
    const { requester, id } = await acceptedSwap();
    return api()
      .post(`/api/exchanges/${id}/cancel`)
      .set(requester.headers)
      .send({ [row.field]: value });
  },
  'POST /api/push/subscriptions': (row, value) =>
    api()
      .post('/api/push/subscriptions')
      .set(me.headers)
      .send({ keys: { p256dh: 'BNcR', auth: 'tBHI' }, [row.field]: value }),
  async 'PUT /api/exchanges/:id/meetup'(row, value) {
    const { requester, id } = await acceptedSwap();
    const at = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
    return api()
      .put(`/api/exchanges/${id}/meetup`)
      .set(requester.headers)
      .send({ at, place: 'Central station', note: 'By the clock', [row.field]: value });
  },
};

/** Values at a limit that pass the schema and are refused by the domain: a before no page gave, a push endpoint that is no URL. */
const pushRefused = {
  status: 400,
  code: 'PUSH_ENDPOINT_NOT_ALLOWED',
  error: "This browser's push service is not supported",
};
const boundaryAnswer = {
  // The table's strings are not URLs: the schema takes them and the allow-list refuses them.
  'PushSubscriptionCreateSchema.endpoint min': pushRefused,
  'PushSubscriptionCreateSchema.endpoint max': pushRefused,
  'ConversationListQuerySchema.before max': {
    status: 400,
    code: 'VALIDATION_ERROR',
    error: 'Invalid cursor',
  },
};

describeLimitRows('messaging', { send, boundaryAnswer });
