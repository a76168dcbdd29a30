import { describe, expect, it, vi } from 'vitest';
import { mockApi, jsonResponse } from '../testing/api-mock';
import { apiGet, apiRequest, ApiError, errorMessage, OfflineError, withQuery } from './api-client';
import { AUTH_TOKEN_KEY } from './auth-token';

describe('apiRequest', () => {
  it('while offline, a change is refused before it is sent, with a message that says why; reads still go out', async () => {
    const fetchMock = mockApi({
      'POST /api/items': { status: 201, body: {} },
      'GET /api/items': { body: [] },
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const error = await apiRequest('POST', '/api/items', { title: 'Tent' }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(OfflineError);
      expect(errorMessage(error, 'Failed to create item')).toBe(
        "You're offline. This change needs a connection, so it was not sent. Try again when you're back online.",
      );
      await expect(apiGet('/api/items')).resolves.toEqual([]);
      expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['GET']);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('when the server refuses, the error message is "status: body" and carries status and parsed body', async () => {
    mockApi({
      'GET /api/auth/me': { status: 401, body: { error: 'Invalid or expired token', code: 'UNAUTHORIZED' } },
    });

    const error = await apiRequest('GET', '/api/auth/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '401: {"error":"Invalid or expired token","code":"UNAUTHORIZED"}',
    );
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body).toEqual({ error: 'Invalid or expired token', code: 'UNAUTHORIZED' });
    expect(errorMessage(error)).toBe('Invalid or expired token');
  });

  it('when the error response has no body, the message falls back to the status text', async () => {
    mockApi({ 'GET /api/items': () => new Response(null, { status: 502, statusText: 'Bad Gateway' }) });

    const error = await apiGet('/api/items').catch((e: unknown) => e);

    expect((error as ApiError).message).toBe('502: Bad Gateway');
    expect((error as ApiError).body).toBeNull();
    expect(errorMessage(error, 'Please try again.')).toBe('Please try again.');
  });

  it('exposes validation details per field for forms', async () => {
    const body = {
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'email', message: 'Invalid email address' },
        { field: 'password', message: 'Password is required' },
      ],
    };
    mockApi({ 'POST /api/auth/login': { status: 400, body } });

    const error = (await apiRequest('POST', '/api/auth/login', { email: 'x' }).catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors).toEqual({ email: 'Invalid email address', password: 'Password is required' });
  });

  it('sends the stored token as a Bearer header and always includes cookies', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-123');
    const fetchMock = mockApi({ 'GET /api/favorites': { body: [] } });

    await apiGet('/api/favorites');

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-123');
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = mockApi({ 'GET /api/items': { body: [] } });

    await apiGet('/api/items');

    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('sends a JSON body only when a payload is given', async () => {
    const fetchMock = mockApi({
      'POST /api/messages': { status: 201, body: { id: 'm1' } },
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });

    const created = await apiRequest('POST', '/api/messages', { receiverId: 'u2', content: 'Hi!' });
    const empty = await apiRequest('POST', '/api/auth/logout');

    const [withPayload, withoutPayload] = fetchMock.mock.calls.map((call) => call[1]);
    expect(withPayload?.body).toBe('{"receiverId":"u2","content":"Hi!"}');
    expect(new Headers(withPayload?.headers).get('Content-Type')).toBe('application/json');
    expect(withoutPayload?.body).toBeUndefined();
    expect(new Headers(withoutPayload?.headers).has('Content-Type')).toBe(false);
    expect(created).toEqual({ id: 'm1' });
    expect(empty).toBeNull();
  });

  it('GET turns non-null query parameters into the query string', async () => {
    const fetchMock = mockApi({ 'GET /api/items': () => jsonResponse(200, []) });

    await apiGet('/api/items', { category: 'Travel Gear', location: null, userId: undefined, limit: 20 });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/items?category=Travel+Gear&limit=20');
    expect(withQuery('/api/items', { location: null })).toBe('/api/items');
  });
});

describe('errorMessage', () => {
  it('uses the message of a network failure when there is no fallback', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});
