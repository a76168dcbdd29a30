import request from 'supertest';
import { expect, it } from 'vitest';
import { describeServiceApp } from '@nomadswap/service-kit/testing-app';
import { buildApp } from '../src/app';
import { createAuthTestEnv } from './support/auth-test-env';

describeServiceApp('auth', {
  createEnv: () => createAuthTestEnv({ workers: false }),
  buildApp,
  more: (env) => {
    it('answers a malformed JSON body with 400, never 500', async () => {
      const res = await request(env().app)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send('{"email":');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid JSON body', code: 'INVALID_JSON' });
    });
  },
});
