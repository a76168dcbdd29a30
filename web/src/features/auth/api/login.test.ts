import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/api-mock';
import { login } from './login';

describe('login', () => {
  it('sends cookies with the request, so the device cookie (HttpOnly, set by a past sign-in) reaches auth', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/login': { body: { token: 't', user: {} } } });

    await login({ email: 'ana@example.test', password: 'secret' });

    const [path, init] = fetchMock.mock.calls[0]!;
    // Same origin (a relative path) with credentials: the browser stores the answer's Set-Cookie and sends it back.
    expect(String(path)).toBe('/api/auth/login');
    expect(init?.credentials).toBe('include');
  });
});
