import { vi } from 'vitest';
import type { HealthResponse, UserSelf } from '@nomadswap/contracts/responses';

type Reply =
  { status?: number; body?: unknown } | ((init: RequestInit | undefined) => Response | Promise<Response>);

/**
 * Replaces `fetch` with a table of `"METHOD /path"` → reply. Unlisted calls answer 404 with our JSON error
 * shape. Returns the mock so tests can inspect the calls that were made.
 */
export function mockApi(routes: Record<string, Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const reply = routes[key];
    if (typeof reply === 'function') return reply(init);
    if (!reply) return jsonResponse(404, { error: 'Not found' });
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const healthyResponse: HealthResponse = {
  status: 'ok',
  services: { auth: 'up', items: 'up', messaging: 'up', moderation: 'up' },
  database: 'up',
  redis: 'up',
};

export function buildUser(overrides: Partial<UserSelf> = {}): UserSelf {
  return {
    id: '65f1a2b3c4d5e6f708192a3b',
    username: 'lisbonlena',
    fullName: 'Lena Traveller',
    bio: 'Moving from Lisbon to Bangkok next month.',
    location: 'Lisbon, Portugal',
    avatar: null,
    rating: 0,
    reviewCount: 0,
    completedSwaps: 0,
    isVerified: false,
    isApproved: true,
    role: 'user',
    createdAt: '2024-05-01T10:00:00.000Z',
    email: 'lena@example.com',
    approvedAt: '2024-05-02T10:00:00.000Z',
    approvedBy: null,
    ...overrides,
  };
}
