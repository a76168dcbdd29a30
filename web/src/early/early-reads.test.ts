import { afterEach, describe, expect, it } from 'vitest';
import { apiGet } from '../lib/api-client';
import { earlyReadPaths, earlyReadPathsFor, startEarlyReads, takeEarlyRead } from './early-reads';
import { getConversations } from '../features/messages/api/get-conversations';
import { getMessages } from '../features/messages/api/get-messages';
import { getUserItems } from '../features/items/api/get-user-items';
import { getFavorites } from '../features/items/api/get-favorites';
import { getReviews } from '../features/reviews/api/get-reviews';
import {
  AUTH_TOKEN_KEY,
  EARLY_GALLERY_ATTRIBUTE,
  EARLY_ITEM_CLASS,
  EARLY_MESSAGES_CLASS,
  EARLY_PROFILE_CLASS,
  EARLY_SHELL_ID,
} from '@nomadswap/contracts/early-paint';
import { jsonResponse, mockApi } from '../testing/api-mock';

const at = (url: string) => new URL(url, 'http://localhost');

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.classList.remove(EARLY_ITEM_CLASS);
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

describe('earlyReadPaths', () => {
  it('asks who is signed in on every page, and the record of an item page as the app will', () => {
    expect(earlyReadPaths(at('/profile'))).toEqual(['/api/auth/me']);
    expect(earlyReadPaths(at('/item/65f1a2b3c4d5e6f708192a3b'))).toEqual([
      '/api/auth/me',
      '/api/items/65f1a2b3c4d5e6f708192a3b',
    ]);
    expect(earlyReadPaths(at('/item/a%20b'))).toEqual(['/api/auth/me', '/api/items/a%20b']);
    expect(earlyReadPaths(at('/item/%E0%A4%A'))).toEqual(['/api/auth/me']);
  });

  it("builds /browse's listing call with the filters in get-items' order, empty ones left out", () => {
    expect(earlyReadPaths(at('/browse'))).toEqual(['/api/auth/me', '/api/items']);
    expect(earlyReadPaths(at('/browse?location=Lisbon&category=&q=tent+stove&x=1'))).toEqual([
      '/api/auth/me',
      '/api/items?q=tent+stove&location=Lisbon',
    ]);
    // A picked city (issue 22) goes as its id, with the radius, instead of the text; the order stays get-items'.
    expect(
      earlyReadPaths(
        at('/browse?sort=leaving-soon&withinKm=50&placeId=2267057&location=Lisbon%2C+Portugal&q=tent'),
      ),
    ).toEqual(['/api/auth/me', '/api/items?q=tent&placeId=2267057&withinKm=50&sort=leaving-soon']);
    expect(earlyReadPaths(at('/browse?placeId=2267057&withinKm=x&location=Lisbon'))).toEqual([
      '/api/auth/me',
      '/api/items?placeId=2267057',
    ]);
  });
});

describe("the signed-in pages' early reads (issue 25)", () => {
  /** The paths `calls` asked the network for, in order. */
  const requested = async (calls: () => Promise<unknown>) => {
    const fetchMock = mockApi({
      'GET /api/conversations': { body: [] },
      'GET /api/messages': { body: [] },
      'GET /api/items': { body: [] },
      'GET /api/favorites': { body: [] },
      'GET /api/reviews/u%201': { body: [] },
    });
    await calls();
    return fetchMock.mock.calls.map(([input]) => String(input));
  };

  it("/messages: the conversations and, with ?user=, that conversation's newest page, as the queries ask", async () => {
    expect(earlyReadPaths(at('/messages'))).toEqual(['/api/auth/me', '/api/conversations']);
    const paths = earlyReadPaths(at('/messages?item=i1&user=u%201'));
    expect(paths).toEqual(['/api/auth/me', '/api/conversations', '/api/messages?with=u+1&limit=30']);
    expect(await requested(() => Promise.all([getConversations(), getMessages('u 1')]))).toEqual(
      paths.slice(1),
    );
    // Not the page: nothing more than who is signed in.
    expect(earlyReadPaths(at('/messages/x?user=u1'))).toEqual(['/api/auth/me']);
  });

  it('/profile, once it is known who is signed in: their items, reviews and, approved, favourites', async () => {
    const approved = earlyReadPathsFor(at('/profile'), { id: 'u 1', isApproved: true });
    expect(approved).toEqual(['/api/items?userId=u+1', '/api/reviews/u%201', '/api/favorites']);
    expect(
      await requested(() => Promise.all([getUserItems('u 1'), getReviews('u 1'), getFavorites()])),
    ).toEqual(approved);
    // Favourites wait for approval (the page does not ask before).
    expect(earlyReadPathsFor(at('/profile'), { id: 'u 1', isApproved: false })).toEqual(approved.slice(0, 2));
    // No user (401, a broken answer) or another page: nothing.
    for (const me of [null, { error: 'x' }, { id: 7 }])
      expect(earlyReadPathsFor(at('/profile'), me)).toEqual([]);
    expect(earlyReadPathsFor(at('/messages'), { id: 'u1', isApproved: true })).toEqual([]);
  });

  it("/profile's reads go out when /api/auth/me answers, and the app's calls take them", async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const items = [{ id: 'i1' }];
    const fetchMock = mockApi({
      'GET /api/auth/me': { body: { id: 'u1', isApproved: true } },
      'GET /api/items': { body: items },
      'GET /api/reviews/u1': { body: [] },
      'GET /api/favorites': { body: [] },
    });
    expect(startEarlyReads(at('/profile') as unknown as Location)).toBeNull();
    await expect.poll(() => fetchMock.mock.calls.length).toBe(4);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/auth/me',
      '/api/items?userId=u1',
      '/api/reviews/u1',
      '/api/favorites',
    ]);
    expect(fetchMock.mock.calls[3]![1]).toMatchObject({
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
    });
    expect(await apiGet('/api/auth/me')).toEqual({ id: 'u1', isApproved: true });
    expect(await getUserItems('u1')).toEqual(items);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a stale token gets no further reads: /api/auth/me answers 401 and the app goes on as without them', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    const fetchMock = mockApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Unauthorized' } } });
    startEarlyReads(at('/profile') as unknown as Location);
    await expect(apiGet('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the early skeleton of /messages and /profile, once /api/auth/me answers', () => {
  afterEach(() => document.documentElement.classList.remove(EARLY_MESSAGES_CLASS, EARLY_PROFILE_CLASS));

  /** Whether the skeleton of `page` is still there once /api/auth/me answered `status` with `me`. */
  async function kept(path: string, page: string, status: number, me: unknown) {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    document.body.innerHTML = `<div id="${EARLY_SHELL_ID}"></div><div id="root"></div>`;
    document.documentElement.classList.remove(EARLY_MESSAGES_CLASS, EARLY_PROFILE_CLASS);
    document.documentElement.classList.add(page);
    const fetchMock = mockApi({ 'GET /api/auth/me': { status, body: me } });
    startEarlyReads(at(path) as unknown as Location);
    // The answer has been read once /profile's next reads went out (or, without any, after a few turns).
    await fetchMock.mock.results[0]!.value;
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    return document.getElementById(EARLY_SHELL_ID) !== null;
  }

  const APPROVED = { id: 'u1', isApproved: true, role: 'user' };
  const WAITING = { id: 'u1', isApproved: false, role: 'user' };
  const ADMIN = { id: 'u1', isApproved: false, role: 'admin' };

  it('stays for a user who will see the page', async () => {
    expect(await kept('/messages?user=u2', EARLY_MESSAGES_CLASS, 200, APPROVED), 'approved').toBe(true);
    expect(await kept('/messages?user=u2', EARLY_MESSAGES_CLASS, 200, ADMIN), 'admin').toBe(true);
    // Their own profile is the same page before approval.
    expect(await kept('/profile', EARLY_PROFILE_CLASS, 200, WAITING), 'profile').toBe(true);
  });

  it('goes at once for a user waiting for approval on /messages (they get the notice, not the chat)', async () => {
    expect(await kept('/messages?user=u2', EARLY_MESSAGES_CLASS, 200, WAITING)).toBe(false);
    expect(document.documentElement.classList.contains(EARLY_MESSAGES_CLASS)).toBe(false);
  });

  it('goes at once for a stale token (401): the page ends on the login prompt', async () => {
    const stale = { error: 'Unauthorized' };
    expect(await kept('/messages?user=u2', EARLY_MESSAGES_CLASS, 401, stale)).toBe(false);
    expect(await kept('/profile', EARLY_PROFILE_CLASS, 401, stale)).toBe(false);
  });
});

describe('early reads', () => {
  it('start nothing for a visitor', () => {
    const fetchMock = mockApi({});
    startEarlyReads(at('/item/i1') as unknown as Location);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answer the app's own call once, with the same token, and preload the item's first photo", async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const item = {
      id: 'i1',
      photos: [{ id: 'p1', state: 'ready', full: '/api/images/p1/full' }],
      images: [],
    };
    const fetchMock = mockApi({
      'GET /api/auth/me': { body: { id: 'u1' } },
      'GET /api/items/i1': () => jsonResponse(200, item),
    });
    startEarlyReads(at('/item/i1') as unknown as Location);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
    });

    expect(await apiGet('/api/items/i1')).toEqual(item);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Once only: the next call goes to the network.
    expect(await apiGet('/api/items/i1')).toEqual(item);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect
      .poll(() => document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href'))
      .toBe('/api/images/p1/full');

    // Another token (signed out and in again meanwhile): not this read.
    expect(takeEarlyRead('/api/auth/me', 'token-2')).toBeUndefined();
    expect(takeEarlyRead('/api/auth/me', 'token-1')).toBeDefined();
  });
});

describe("the early item skeleton's photo", () => {
  const item = { id: 'i1', photos: [{ id: 'p1', state: 'ready', full: '/api/images/p1/full' }], images: [] };
  const skeleton = () => {
    document.body.innerHTML = `<div id="${EARLY_SHELL_ID}"><div ${EARLY_GALLERY_ATTRIBUTE}></div></div><div id="root"></div>`;
    document.documentElement.classList.add(EARLY_ITEM_CLASS);
  };
  const photo = () => document.querySelector<HTMLImageElement>(`[${EARLY_GALLERY_ATTRIBUTE}] img`);

  it('goes into the skeleton when the item answers, and the app starts once it has loaded', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    skeleton();
    mockApi({
      'GET /api/auth/me': { body: { id: 'u1' } },
      'GET /api/items/i1': () => jsonResponse(200, item),
    });
    const ready = startEarlyReads(at('/item/i1') as unknown as Location);
    expect(ready).toBeInstanceOf(Promise);
    let started = false;
    void ready!.then(() => (started = true));
    await expect.poll(() => photo()?.getAttribute('src')).toBe('/api/images/p1/full');
    expect(started).toBe(false);
    photo()!.dispatchEvent(new Event('load'));
    await expect.poll(() => started).toBe(true);
  });

  it('is never painted for an answer that is not the item (not approved, signed out): the app starts', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    skeleton();
    mockApi({
      'GET /api/auth/me': { body: { id: 'u1' } },
      'GET /api/items/i1': () => jsonResponse(403, { error: 'NOT_APPROVED' }),
    });
    await startEarlyReads(at('/item/i1') as unknown as Location);
    expect(photo()).toBeNull();
  });

  it('is not waited for without the skeleton (a visitor, another route)', () => {
    skeleton();
    const fetchMock = mockApi({});
    expect(startEarlyReads(at('/item/i1') as unknown as Location)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    mockApi({ 'GET /api/auth/me': { body: { id: 'u1' } }, 'GET /api/items': { body: [] } });
    expect(startEarlyReads(at('/browse') as unknown as Location)).toBeNull();
    document.documentElement.classList.remove(EARLY_ITEM_CLASS);
    mockApi({
      'GET /api/auth/me': { body: { id: 'u1' } },
      'GET /api/items/i1': () => jsonResponse(200, item),
    });
    expect(startEarlyReads(at('/item/i1') as unknown as Location)).toBeNull();
  });
});
