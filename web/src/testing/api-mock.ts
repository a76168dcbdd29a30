import { vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@nomadswap/contracts/early-paint';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import type { ChatUser, HealthResponse, Item, Review, UserSelf } from '@nomadswap/contracts/responses';
import type { Place } from '@nomadswap/contracts/places';
import type { Stay } from '@nomadswap/contracts/stays';

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
    placeId: '2267057',
    avatar: null,
    rating: 0,
    reviewCount: 0,
    completedSwaps: 0,
    arrangedSwaps: 0,
    isVerified: false,
    isApproved: true,
    role: 'user',
    createdAt: '2024-05-01T10:00:00.000Z',
    email: 'lena@example.com',
    approvedAt: '2024-05-02T10:00:00.000Z',
    approvedBy: null,
    noShows: 0,
    stay: null,
    inTransit: false,
    language: null,
    ...overrides,
  };
}

export function buildItem(overrides: Partial<Item> = {}): Item {
  return {
    id: '66a1b2c3d4e5f60718293a4b',
    title: 'Osprey 40L backpack',
    description: 'Carry-on size travel backpack, used for one trip.',
    category: 'Travel Gear',
    condition: 'good',
    images: [],
    photos: [],
    location: 'Lisbon, Portugal',
    placeId: '2267057',
    userId: '65f1a2b3c4d5e6f708192a3b',
    isActive: true,
    isSwapped: false,
    isReserved: false,
    reservedFor: null,
    preferredExchange: null,
    availableUntil: null,
    expiredAt: null,
    createdAt: '2024-05-03T10:00:00.000Z',
    user: null,
    ...overrides,
  };
}

export function buildReview(overrides: Partial<Review> = {}): Review {
  return {
    id: '67b1c2d3e4f5a6b7c8d9e0f1',
    reviewerId: '65f1a2b3c4d5e6f708192a99',
    revieweeId: '65f1a2b3c4d5e6f708192a3b',
    exchangeId: '68c1d2e3f4a5b6c7d8e9f0a1',
    rating: 5,
    comment: 'Friendly swap, item exactly as described.',
    createdAt: '2024-06-01T10:00:00.000Z',
    isRevealed: true,
    reviewer: { id: '65f1a2b3c4d5e6f708192a99', fullName: 'Marco Rossi', username: 'marco', avatar: null },
    ...overrides,
  };
}

const LENA_ID = '65f1a2b3c4d5e6f708192a3b';

/** A chat participant as the messaging service summarises one: by default Marco (…a77), no photo, no reviews. */
export function buildChatUser(overrides: Partial<ChatUser> = {}): ChatUser {
  return {
    id: '65f1a2b3c4d5e6f708192a77',
    fullName: 'Marco Rossi',
    username: 'marco',
    avatar: null,
    rating: 0,
    reviewCount: 0,
    deleted: false,
    ...overrides,
  };
}

/**
 * An exchange as GET /api/exchanges answers it: by default Marco (…a77) asks Lena (…a3b, `buildUser`'s id) for
 * her Blue tent, just now, with no message and nothing offered.
 */
export function buildExchange(overrides: Partial<ExchangeView> = {}): ExchangeView {
  const requesterId = overrides.requesterId ?? '65f1a2b3c4d5e6f708192a77';
  const ownerId = overrides.ownerId ?? LENA_ID;
  const person = (id: string) =>
    id === LENA_ID
      ? buildChatUser({ id, fullName: 'Lena Traveller', username: 'lisbonlena' })
      : buildChatUser({ id });
  const createdAt = overrides.createdAt ?? new Date(Date.now() - 60 * 60 * 1000).toISOString();
  return {
    id: '68e1d2e3f4a5b6c7d8e9f0e1',
    requesterId,
    ownerId,
    itemId: 'i1',
    offeredItemId: null,
    offeredItemIds: [],
    status: 'proposed',
    message: null,
    confirmedBy: [],
    meetup: null,
    createdAt,
    updatedAt: createdAt,
    acceptedAt: null,
    completedAt: null,
    endedAt: null,
    endedBy: null,
    endReason: null,
    noShowUserId: null,
    requester: person(requesterId),
    owner: person(ownerId),
    item: { id: 'i1', title: 'Blue tent', image: null, ownerId, isSwapped: false, deleted: false },
    offeredItems: [],
    itemReserved: false,
    ...overrides,
  };
}

/** Stores a token and answers `/api/auth/me` with `user`, plus any other routes given. */
export function signInAs(user: UserSelf, routes: Record<string, Reply> = {}) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-abc');
  return mockApi({
    'GET /api/health': { body: healthyResponse },
    'GET /api/auth/me': { body: user },
    ...routes,
  });
}

/** The parsed JSON body of the first call to `METHOD path`, or undefined when it was not called. */
export function requestBody(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([url, init]) =>
      new URL(String(url), 'http://localhost').pathname === path &&
      (init?.method ?? 'GET').toUpperCase() === method,
  );
  if (!call) return undefined;
  const body = call[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : null;
}

/** Whether `METHOD path` was called. */
export function wasCalled(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): boolean {
  return fetchMock.mock.calls.some(
    ([url, init]) =>
      new URL(String(url), 'http://localhost').pathname === path &&
      (init?.method ?? 'GET').toUpperCase() === method,
  );
}

/** The query parameters of every call to `GET path`, in order. */
export function queriesOf(fetchMock: ReturnType<typeof mockApi>, path: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

export function buildPlace(overrides: Partial<Place> = {}): Place {
  return {
    id: '2267057',
    name: 'Lisbon',
    country: 'Portugal',
    countryCode: 'PT',
    label: 'Lisbon, Portugal',
    lat: 38.71667,
    lon: -9.13333,
    timezone: 'Europe/Lisbon',
    ...overrides,
  };
}

/** What GET /api/places answers for "lisb": Lisbon first, then the smaller places. */
export const lisbPlaces: Place[] = [
  buildPlace(),
  buildPlace({
    id: '2644411',
    name: 'Lisburn',
    country: 'United Kingdom',
    countryCode: 'GB',
    label: 'Lisburn, United Kingdom',
    lat: 54.5234,
    lon: -6.03527,
    timezone: 'Europe/London',
  }),
  buildPlace({
    id: '4969398',
    name: 'Lisbon',
    country: 'United States',
    countryCode: 'US',
    label: 'Lisbon, United States',
    lat: 44.03146,
    lon: -70.10479,
    timezone: 'America/New_York',
  }),
];

/** A stay in Lisbon until 18 Dec 2027, then Bangkok from 20 Dec (issue 22). */
export const stayWithNext: Stay = {
  location: 'Lisbon, Portugal',
  placeId: '2267057',
  timezone: 'Europe/Lisbon',
  untilDate: '2027-12-18',
  until: '2027-12-18T23:59:00.000Z',
  next: {
    location: 'Bangkok, Thailand',
    placeId: '1609350',
    timezone: 'Asia/Bangkok',
    fromDate: '2027-12-20',
    // 00:00 on 20 Dec in Bangkok is still 19 Dec in UTC: the line must read the city's calendar.
    from: '2027-12-19T17:00:00.000Z',
  },
};
