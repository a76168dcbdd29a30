import { MESSAGES_PAGE_PATH, MESSAGES_USER_PARAM, PROFILE_PAGE_PATH } from '@nomadswap/contracts/early-paint';
import {
  browseFiltersOf,
  browseItemsPath,
  FAVORITES_PATH,
  itemPath,
  userItemsPath,
} from '../features/items/api/items-paths';
import { conversationsPath, threadPath } from '../features/messages/api/messages-paths';
import { reviewsPath } from '../features/reviews/api/reviews-paths';
import { getAuthToken } from '../lib/auth-token';
import { earlyItemId, earlyPage, itemIdOf, paintEarlyPhoto, removeEarlyShell } from './early-shell';

/*
 * A signed-in user's page mostly does not arrive rendered (only `/profile`, with the session cookie: then it brings
 * its data and main.tsx starts none of these), so its
 * data would only be asked for once the app's script has downloaded and run, one call after another (who is
 * signed in, then the page's record), and its photo after that. The small entry (main.tsx) starts the reads the
 * page will make at once instead, in parallel with the app's download, and the photo as soon as the item is
 * known. The API client (api-client.ts) takes such a response when it makes exactly that call, with the same
 * token, once: the answer goes through the same parsing and error handling as any other. An early read not used
 * within EARLY_READ_TTL_MS is dropped, so a later call always goes to the network.
 */

const EARLY_READ_TTL_MS = 15_000;
/** Who is signed in: every signed-in page's first call (features/auth/api/get-current-user.ts). */
const ME_PATH = '/api/auth/me';
const reads = new Map<string, Promise<Response>>();
const keyOf = (path: string, token: string) => `${token}\n${path}`;

/** The calls the page at `location` makes first for a signed-in user (their paths exactly as the app builds them). */
export function earlyReadPaths(location: { pathname: string; search: string }): string[] {
  const calls = [ME_PATH];
  // A malformed escape gives no id: the page will make its own call.
  const item = itemIdOf(location.pathname);
  if (item !== null) calls.push(itemPath(item));
  // ('/browse' spelt out: config/paths is the app's, and would join the entry's chunk.)
  if (location.pathname === '/browse')
    calls.push(browseItemsPath(browseFiltersOf(new URLSearchParams(location.search), true)));
  // `/messages`: the list, and the conversation `?user=` opens (routes/messages-prefetch.ts asks for both at once).
  if (MESSAGES_PAGE_PATH.test(location.pathname)) {
    calls.push(conversationsPath());
    const other = new URLSearchParams(location.search).get(MESSAGES_USER_PARAM);
    if (other) calls.push(threadPath(other));
  }
  return calls;
}

/**
 * The calls the page at `location` makes once it knows who is signed in (`me`, the answer of /api/auth/me):
 * `/profile`'s items, reviews and, for an approved user, favourites (routes/profile.tsx).
 */
export function earlyReadPathsFor(location: { pathname: string }, me: unknown): string[] {
  const { id, isApproved } = (me ?? {}) as { id?: unknown; isApproved?: unknown };
  if (!PROFILE_PAGE_PATH.test(location.pathname) || typeof id !== 'string') return [];
  return [userItemsPath(id), reviewsPath(id), ...(isApproved === true ? [FAVORITES_PATH] : [])];
}

/**
 * Whether the early skeleton of `/messages` or `/profile` on screen is the page `me` (the answer of /api/auth/me,
 * null when it failed) will see. A stale token (401) ends on the login prompt and a user who may not message yet
 * gets the approval notice, not the chat: the skeleton goes at once, as the page looked before it had one.
 */
function earlySkeletonFits(doc: Document, me: unknown): boolean {
  const page = earlyPage(doc);
  if (page !== 'messages' && page !== 'profile') return true;
  const { isApproved, role } = (me ?? {}) as { isApproved?: unknown; role?: unknown };
  if (me === null) return false;
  // The page's own rule (app/shell/can-message.ts; not imported: the entry would take in the shell's module).
  return page === 'profile' || isApproved === true || role === 'admin';
}

/** The first photo of an item detail answer, as the gallery shows it (features/items/components/item-gallery). */
function firstPhoto(item: unknown): string | null {
  const { photos, images } = (item ?? {}) as {
    photos?: { state?: string; full?: string | null }[];
    images?: string[];
  };
  if (Array.isArray(photos) && photos.length > 0)
    return photos[0]?.state === 'ready' && typeof photos[0].full === 'string' ? photos[0].full : null;
  return Array.isArray(images) && typeof images[0] === 'string' ? images[0] : null;
}

/** Asks the browser for the item's photo at once, at high priority (the page's LCP element). */
function preloadPhoto(src: string, doc: Document) {
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', src);
  link.setAttribute('fetchpriority', 'high');
  doc.head.append(link);
}

/** How long the entry may hold the app back for the early skeleton's photo (see startEarlyReads). */
export const EARLY_PHOTO_WAIT_MS = 4_000;

/**
 * Starts the signed-in page's first reads (nothing for a visitor). Called once, by main.tsx. When index.html's
 * item skeleton is on screen (early/early-shell.ts) the photo goes into it, and the returned promise settles once
 * the photo has been painted or failed (or the item has none, or EARLY_PHOTO_WAIT_MS passed): the entry starts the
 * app then, so the photo, the page's largest element, shares neither the connection nor the main thread with the
 * app's script. Null otherwise (start the app at once).
 */
export function startEarlyReads(
  location: Location = window.location,
  doc: Document = document,
): Promise<void> | null {
  const token = getAuthToken();
  if (!token || typeof fetch !== 'function') return null;
  const skeleton = earlyItemId(doc, location.pathname) !== null;
  let photo: Promise<void> | null = null;
  const read = (path: string) => {
    // The same request apiRequestWithHeaders makes for a GET.
    const response = fetch(path, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    // Unhandled until the app takes it; a failure is the app's to see, not the console's.
    response.catch(() => undefined);
    const key = keyOf(path, token);
    reads.set(key, response);
    setTimeout(() => {
      if (reads.get(key) === response) reads.delete(key);
    }, EARLY_READ_TTL_MS);
    return response;
  };
  for (const path of earlyReadPaths(location)) {
    const response = read(path);
    // The reads that need to know who is signed in go out as soon as the first answer says.
    if (path === ME_PATH)
      void response
        .then((answer) => (answer.ok ? answer.clone().json() : null))
        .then((me: unknown) => {
          if (!earlySkeletonFits(doc, me)) removeEarlyShell(doc);
          earlyReadPathsFor(location, me).forEach(read);
        })
        .catch(() => undefined);
    if (path.startsWith('/api/items/'))
      photo = response
        .then((answer) => (answer.ok ? answer.clone().json() : null))
        .then((item: unknown) => {
          const src = firstPhoto(item);
          if (!src) return;
          preloadPhoto(src, doc);
          if (skeleton) return paintEarlyPhoto(src, doc);
        })
        .catch(() => undefined);
  }
  if (!skeleton || !photo) return null;
  return Promise.race([photo, new Promise<void>((resolve) => setTimeout(resolve, EARLY_PHOTO_WAIT_MS))]);
}

/** The early response to `GET path` with `token`, once; undefined when there is none (then fetch as usual). */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | undefined {
  if (!token) return undefined;
  const key = keyOf(path, token);
  const response = reads.get(key);
  reads.delete(key);
  return response;
}
