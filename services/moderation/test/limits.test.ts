import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { describeLimitRows, limitQuery, type LimitSender } from '@nomadswap/service-kit/testing-limits';
import {
  createModerationTestEnv,
  type ModerationTestEnv,
  type TestUser,
} from './support/moderation-test-env';

let env: ModerationTestEnv;
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  env = await createModerationTestEnv();
  [user, admin] = await Promise.all([env.user(), env.user({ role: 'admin' })]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const report = {
  type: 'user',
  urgency: 'low',
  subject: 'Rude message',
  description: 'The other person insulted me in the chat.',
};

/** How each route of the table is called with the row's field set to `value` (the rest valid). */
const send: Record<string, LimitSender> = {
  async 'POST /api/reviews'(row, value) {
    const [reviewer, reviewee] = await Promise.all([env.user(), env.user()]);
    const exchangeId = await env.exchange(reviewer, reviewee);
    return api()
      .post('/api/reviews')
      .set(reviewer.headers)
      .send({ rating: 5, comment: 'Smooth swap', revieweeId: reviewee.id, exchangeId, [row.field]: value });
  },
  'POST /api/contact': (row, value) =>
    api()
      .post('/api/contact')
      .send({
        name: 'Ana',
        email: 'ana@example.com',
        subject: 'Hello',
        category: 'general',
        message: 'A question about swaps.',
        [row.field]: value,
      }),
  'POST /api/reports': (row, value) =>
    api()
      .post('/api/reports')
      .set(user.headers)
      .send({ ...report, [row.field]: value }),
  async 'PUT /api/reports/:id'(row, value) {
    const created = await api().post('/api/reports').set(user.headers).send(report).expect(201);
    return api()
      .put(`/api/reports/${(created.body as { id: string }).id}`)
      .set(admin.headers)
      .send({ status: 'resolved', [row.field]: value });
  },
  'GET /api/reports': (row, value) =>
    api().get('/api/reports').set(admin.headers).query(limitQuery(row, value)),
  'GET /api/admin/contact-messages': (row, value) =>
    api().get('/api/admin/contact-messages').set(admin.headers).query(limitQuery(row, value)),
  'GET /api/admin/audit-log': (row, value) =>
    api().get('/api/admin/audit-log').set(admin.headers).query(limitQuery(row, value)),
};

/**
 * Rows whose boundary passes the schema but not the domain: a related item is named by its id, so no
 * 200-character value names one (the answer is then the domain's, not the schema's).
 */
const boundaryAnswer: Record<string, { status: number; code: string; error: string }> = {
  'ReportCreateSchema.relatedItem max': {
    status: 400,
    code: 'RELATED_ITEM_NOT_FOUND',
    error: 'Item not found',
  },
};

describeLimitRows('moderation', { send, boundaryAnswer });
