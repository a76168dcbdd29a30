/*
 * The server renderer (the gateway runs it, gateway/src/ssr.ts): the visitor's first view of `/browse` as HTML,
 * rendered by the app's own components with the items API's answer already in the query cache, so the page and
 * its first photo paint from the HTML instead of after the app's script and an API call. Built by
 * `vite build --ssr` into dist/.ssr/entry-server.js with every library bundled in, so the gateway needs none of
 * the web app's dependencies (its Docker image has only its own).
 *
 * Visitor view: the gateway asks the API without any credentials, and the browser hides this markup for a
 * signed-in user before the first paint (early/prerender-gate.js). Only pages whose visitor view shows public
 * data are rendered so.
 *
 * Signed-in view (issue 25): `/profile`, when the document's request carried the session cookie
 * (lib/auth-token.ts). The gateway passes a GET of the API as that user; the page is rendered with the answers the
 * app's own first reads get (routes/profile-prefetch.ts), never cached, and shown by the gate only to the session
 * the cookie carried.
 */
import { renderToString } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { NEXT_CURSOR_HEADER } from '@nomadswap/contracts/headers';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '@nomadswap/contracts/enums';
import { ItemCardSchema } from '@nomadswap/contracts/responses';
import { i18n } from '../i18n';
import { AppProviders } from '../app/providers';
import { preloadPage, routes } from '../app/router';
import { preloadShell } from '../app/shell/app-shell';
import { browseItemsQueryOptions, type ItemsPage } from '../features/items/api/get-items';
import {
  browseFiltersOf,
  browseItemsPath,
  FAVORITES_PATH,
  itemPath,
  userItemsPath,
} from '../features/items/api/items-paths';
import { currentUserQueryKey } from '../features/auth/api/get-current-user';
import { queryKeys } from '../lib/query-keys';
import { reviewsPath } from '../features/reviews/api/reviews-paths';
import { renderingForSession } from '../hooks/use-auth-token';
import type { QueryClient } from '@tanstack/react-query';
import { withQuery } from '../lib/with-query';
import { forgetDateFormats } from '../lib/format';
import { messagesKeys } from '../features/messages/api/query-keys';
import { conversationsPath, threadPath } from '../features/messages/api/messages-paths';
import { exchangesPath } from '../features/exchanges/api/get-exchanges';
import { userPath } from '../features/users/api/get-user';
import { createQueryClient } from '../lib/query-client';

/** What the gateway's API call answered. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** Response headers, lower-case names. */
  headers: Record<string, string | undefined>;
}

/** A GET of the public API as a visitor (no credentials); rejects when the call fails or times out. */
export type VisitorApiGet = (path: string) => Promise<ApiAnswer>;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** React Query's dehydrated cache as JSON (not yet escaped for a <script> element). */
  state: string;
  /** The document title and meta description the page sets in the browser (usePageMeta); a private page has none. */
  title: string;
  description?: string;
  /** The time zone its dates are in (a signed-in page rendered with one): the gate shows it only in that zone. */
  timeZone?: string;
  /**
   * The app hydrates this markup instead of replacing it (decision 0100): a signed-in `/profile` rendered in the
   * browser's time zone, whose first render in the browser is this markup exactly.
   */
  hydrate?: true;
}

const VisitorCards = z.array(ItemCardSchema);

/** The paths rendered here. Anything else gets the plain shell. */
export function isServerRendered(pathname: string): boolean {
  return pathname === '/browse';
}

/**
 * Loads the rendered pages' chunks and the shell's lazy parts ahead of the first request (the gateway calls it when
 * it loads this module): renderToString cannot wait for a chunk (see assertFullyRendered).
 */
export function warmUp(): Promise<unknown> {
  return Promise.all([...['/browse', '/profile', '/messages'].map(preloadPage), preloadShell()]);
}

/** The filters a visitor's `/browse` applies: search, category and order from the URL; location never (spec 6/7). */
const visitorFilters = (search: URLSearchParams) => browseFiltersOf(search, false);

/**
 * The part of `url` its rendered page depends on: the path and the filters a visitor's page applies, always in
 * one order, empty ones left out. The gateway caches rendered pages by it and renders this URL, so extra or
 * reordered parameters (`?utm=…`, `?location=…`) reuse one page instead of rendering it again.
 */
export function pageKey(url: string): string {
  const location = new URL(url, 'http://server.invalid');
  const { q, category, sort } = visitorFilters(location.searchParams);
  return withQuery(location.pathname, { q: q || undefined, category: category || undefined, sort });
}

/**
 * Renders `url` (path and query) as a visitor sees it, or returns null when it is not a server-rendered page or
 * the API did not give a usable answer: the caller then serves the plain shell. Rejects when `api` rejects.
 */
export async function renderPage(url: string, api: VisitorApiGet): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://server.invalid');
  if (!isServerRendered(location.pathname)) return null;

  const filters = visitorFilters(location.searchParams);
  // The same call getItemsPage makes in the browser for these filters.
  const [answer] = await Promise.all([api(browseItemsPath(filters)), preloadPage(location.pathname)]);
  if (answer.status !== 200) return null;
  // Visitor cards only, checked field by field (strict schemas): anything more than the public card view, and
  // the page is not rendered here at all.
  const cards = VisitorCards.safeParse(answer.body);
  if (!cards.success) return null;
  const page: ItemsPage = {
    items: cards.data,
    nextCursor: answer.headers[NEXT_CURSOR_HEADER] ?? null,
  };

  const queryClient = createQueryClient();
  queryClient.setQueryData(browseItemsQueryOptions(filters).queryKey, {
    pages: [page],
    pageParams: [undefined],
  });

  // The first card's photo (the LCP element) has fetchPriority="high": React puts a preload link for it at the
  // start of the markup, so the browser fetches it while the stylesheet is still loading.
  const t = i18n.t.bind(i18n);
  return renderRoute(location, queryClient, null, {
    title: t('browse.title'),
    description: t('meta.descriptions.browse'),
  });
}

/**
 * The page at `location` with `queryClient`'s data, as `session` (null: a visitor) sees it, titled `meta.title` (the
 * page's own title, as usePageMeta completes it); null if the route redirects.
 */
async function renderRoute(
  location: URL,
  queryClient: QueryClient,
  session: string | null,
  meta: { title: string; description?: string },
  timeZone?: string,
): Promise<RenderedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = inZone(timeZone, () =>
    renderingForSession(session, () =>
      renderToString(
        <AppProviders queryClient={queryClient}>
          {/* hydrate={false}: no inline script with the router's state (the CSP allows none). The client's router
              takes its state from the URL: with no loaders it is the same, and a signed-in `/profile` is hydrated
              from this markup (boot.tsx, decision 0100) — the tree here must stay the shape of the client's App. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      ),
    ),
  );
  assertFullyRendered(html, location.pathname);
  return {
    html,
    state: JSON.stringify(dehydrate(queryClient)),
    title: i18n.t('meta.titleTemplate', { title: meta.title }),
    description: meta.description,
    timeZone,
  };
}

/** How React marks a Suspense boundary it leaves to the browser: its fallback follows, then `<!--/$-->`. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * Throws when the markup leaves any Suspense boundary to the browser. renderToString reports nothing when a
 * component under a boundary throws, or suspends (a lazy part whose chunk is not loaded, data not in the cache): it
 * puts the boundary's fallback — a skeleton, or nothing — where the content should be and carries on. Served, such a
 * page shows the skeleton until the app replaces it, and the error goes unseen; refused here, the gateway logs it and
 * serves the page's usual document. The message names the page and the start of each fallback (which boundary).
 */
function assertFullyRendered(html: string, pathname: string): void {
  const fallbacks = html
    .split(CLIENT_RENDERED)
    .slice(1)
    // The renderer's React is the production build: its template says nothing of the error.
    .map((after) => JSON.stringify(after.replace(/^<template[^>]*><\/template>/, '').slice(0, 80)));
  if (fallbacks.length === 0) return;
  throw new Error(
    `${pathname}: the server render left ${fallbacks.length} part(s) to the browser (a component threw or ` +
      `suspended), before: ${fallbacks.join('; ')}`,
  );
}

/**
 * Runs `render` (synchronous: nothing else runs in this process meanwhile) with `timeZone` as the process's own, so
 * that the page's dates, Intl's and Date's local ones alike, read as they do in the browser it is rendered for; the
 * date formats made meanwhile are dropped after it (each keeps the zone it was made in). Without a zone: as it is.
 */
function inZone<T>(timeZone: string | undefined, render: () => T): T {
  if (!timeZone) return render();
  const before = process.env.TZ;
  forgetDateFormats();
  process.env.TZ = timeZone;
  try {
    return render();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
    forgetDateFormats();
  }
}

/** A GET of the API as the signed-in user whose page is rendered; rejects when the call fails or times out. */
export type SessionApiGet = (path: string) => Promise<ApiAnswer>;

/** The signed-in pages rendered here (with the session cookie). Anything else gets the gateway's shell. */
export function isSignedInRendered(pathname: string): boolean {
  return pathname === '/profile' || pathname === '/messages';
}

/** What the gateway knows of the browser a signed-in page is rendered for. */
export interface SessionContext {
  /**
   * The browser's time zone (an IANA name the gateway has checked), from the cookie the app writes beside the
   * session's (lib/render-session-cookie.ts); absent when it sent none. The chat's clock times and day separators are
   * local: `/messages` is rendered only with it, `/profile` in the gateway's zone without it.
   */
  timeZone?: string;
}

/** What /api/auth/me answers, as far as this renderer reads it. */
const SignedInUser = z.looseObject({
  id: z.string(),
  isApproved: z.boolean(),
  role: z.string(),
  language: z.string().nullable().optional(),
});
type SignedInUser = z.infer<typeof SignedInUser>;

/** A read the page makes first: its query key, its path, and how its answer is kept (none: the body as it is). */
interface FirstRead {
  key: readonly unknown[];
  path: string;
  /** A page of an infinite query, from the body and the answer's next-page cursor. */
  page?: (body: unknown[], nextCursor: string | null) => unknown;
  /** The answer is one object (a user, an item); otherwise a list. */
  object?: true;
}

/** The reads routes/profile-prefetch.ts makes, by the same paths, into the same queries. */
function profileReads(user: SignedInUser): FirstRead[] {
  return [
    { key: queryKeys.items.byUser(user.id), path: userItemsPath(user.id) },
    { key: queryKeys.reviews.ofUser(user.id), path: reviewsPath(user.id) },
    ...(user.isApproved ? [{ key: queryKeys.favorites, path: FAVORITES_PATH }] : []),
  ];
}

/** The other user of `/messages?user=`, or null (none, or the viewer themself: the page says so, no chat). */
function selectedUser(user: SignedInUser, search: URLSearchParams): string | null {
  const other = search.get('user');
  return other && other !== user.id ? other : null;
}

/**
 * The reads `/messages` shows first (routes/messages.tsx and what it renders): the conversations' newest page and,
 * with `?user=`, that conversation's newest messages and its swaps, and the item of `?item=`. A user not approved
 * sees the notice (no reads). Someone not in the list yet is read on their own by the page: see renderSignedInPage.
 */
function messagesReads(user: SignedInUser, search: URLSearchParams): FirstRead[] {
  if (!user.isApproved && user.role !== 'admin') return [];
  const itemId = search.get('item');
  const selected = selectedUser(user, search);
  const reads: FirstRead[] = [
    {
      key: messagesKeys.conversations,
      path: conversationsPath(),
      page: (body, nextCursor) => ({ conversations: body, nextCursor }),
    },
  ];
  if (selected) {
    reads.push(
      {
        key: messagesKeys.thread(selected),
        path: threadPath(selected),
        page: (body, nextCursor) => ({ messages: body, nextCursor }),
      },
      { key: queryKeys.exchanges.list({ userId: selected }), path: exchangesPath({ userId: selected }) },
    );
  }
  if (itemId) reads.push({ key: queryKeys.items.detail(itemId), path: itemPath(itemId), object: true });
  return reads;
}

/**
 * Renders `url` (`/profile`, `/messages`) as the user whose token `api` sends sees it first, or null when the token
 * is refused (401: the gate would not show it anyway), a read does not answer 200 or `/messages` has no time zone:
 * the caller then serves the page's usual document (its early skeleton). Rejects when `api` rejects. Never cached:
 * the data is this user's.
 */
export async function renderSignedInPage(
  url: string,
  api: SessionApiGet,
  context: SessionContext = {},
): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://server.invalid');
  if (!isSignedInRendered(location.pathname)) return null;
  const messages = location.pathname === '/messages';
  if (messages && !context.timeZone) return null;
  const [me] = await Promise.all([api('/api/auth/me'), preloadPage(location.pathname)]);
  const user = me.status === 200 ? SignedInUser.safeParse(me.body) : null;
  if (!user?.success) return null;
  // The markup is English, and the gate hides it for another language: a user who chose one gets the document.
  if (user.data.language && user.data.language !== DEFAULT_LANGUAGE) return null;

  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, me.body);
  const answers = await read(
    messages ? messagesReads(user.data, location.searchParams) : profileReads(user.data),
    api,
  );
  const selected = messages ? selectedUser(user.data, location.searchParams) : null;
  if (selected && answers[0]) {
    // Someone not in the list's first page: the page reads them on their own once the list has answered.
    const [first] = (answers[0][1] as { pages: { conversations: { otherUser?: { id?: unknown } }[] }[] })
      .pages;
    if (!first!.conversations.some((c) => c.otherUser?.id === selected))
      answers.push(
        ...(await read(
          [{ key: queryKeys.users.detail(selected), path: userPath(selected), object: true }],
          api,
        )),
      );
  }
  if (answers.some((answer) => !answer)) return null;
  for (const answer of answers) queryClient.setQueryData(answer![0], answer![1]);
  const title = i18n.t(messages ? 'messages.pageTitle' : 'profile.pageTitle');
  const page = await renderRoute(location, queryClient, 'server-session', { title }, context.timeZone);
  // `/messages` is replaced: its message box may hold text typed before the app, which React would keep on screen
  // but not in its state (session-gate.js carries it over a replacement).
  return page && !messages && context.timeZone ? { ...page, hydrate: true } : page;
}

/**
 * Makes `reads` in parallel: each as [its key, its data] (an infinite query's first page as the app keeps it), or
 * null when it did not answer 200 with a list or an object as the page expects.
 */
async function read(
  reads: FirstRead[],
  api: SessionApiGet,
): Promise<([readonly unknown[], unknown] | null)[]> {
  const answers = await Promise.all(reads.map((r) => api(r.path)));
  return answers.map((answer, index) => {
    const { key, page, object } = reads[index]!;
    const { status, body } = answer;
    if (status !== 200 || typeof body !== 'object' || body === null) return null;
    if (!Array.isArray(body)) return object ? [key, body] : null;
    if (object) return null;
    if (!page) return [key, body];
    const cursor = answer.headers[NEXT_CURSOR_HEADER] ?? null;
    return [key, { pages: [page(body, cursor)], pageParams: [undefined] }];
  });
}
