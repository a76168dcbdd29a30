import type { Express } from 'express';
import request from 'supertest';
import type { TestUser } from './messaging-test-env';

/** The exchange routes as a user calls them, on the app `app()` returns (read at each call: set in beforeAll). */
export function exchangeCalls(app: () => Express) {
  const api = () => request(app());
  return {
    /** POST /api/exchanges: ask for an item. */
    ask: (from: TestUser, body: Record<string, unknown>) =>
      api().post('/api/exchanges').set(from.headers).send(body),
    /** POST /api/exchanges/:id/:action (accept, decline, confirm, meetup/accept, …). */
    act: (who: TestUser, id: string, action: string, body?: Record<string, unknown>) =>
      api()
        .post(`/api/exchanges/${id}/${action}`)
        .set(who.headers)
        .send(body ?? {}),
    /** PUT /api/exchanges/:id/meetup: propose a meetup. */
    meetup: (who: TestUser, id: string, body: Record<string, unknown>) =>
      api().put(`/api/exchanges/${id}/meetup`).set(who.headers).send(body),
  };
}
