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
import { browseItemsQueryOptions, type ItemsPage } from '../features/items/api/get-items';
import {
  browseFiltersOf,
  browseItemsPath,
  FAVORITES_PATH,
  userItemsPath,
} from '../features/items/api/items-paths';
import { currentUserQueryKey } from '../features/auth/api/get-current-user';
import { queryKeys } from '../lib/query-keys';
import { reviewsPath } from '../features/reviews/api/reviews-paths';
import { renderingForSession } from '../hooks/use-auth-token';
import type { QueryClient } from '@tanstack/react-query';
import { withQuery } from '../lib/with-query';
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
}

const VisitorCards = z.array(ItemCardSchema);

/** The paths rendered here. Anything else gets the plain shell. */
export function isServerRendered(pathname: string): boolean {
  return pathname === '/browse';
}

/** Loads the rendered pages' chunks ahead of the first request (the gateway calls it when it loads this module). */
export function warmUp(): Promise<unknown> {
  return Promise.all([preloadPage('/browse'), preloadPage('/profile')]);
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
): Promise<RenderedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderingForSession(session, () =>
    renderToString(
      <AppProviders queryClient={queryClient}>
        {/* hydrate={false}: no inline script with the router's state (the CSP allows none; the client does not
            hydrate, it replaces this markup, see early/prerendered-home.ts). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    ),
  );
  return {
    html,
    state: JSON.stringify(dehydrate(queryClient)),
    title: i18n.t('meta.titleTemplate', { title: meta.title }),
    description: meta.description,
  };
}

/** A GET of the API as the signed-in user whose page is rendered; rejects when the call fails or times out. */
export type SessionApiGet = (path: string) => Promise<ApiAnswer>;

/** The signed-in pages rendered here (with the session cookie). Anything else gets the gateway's shell. */
export function isSignedInRendered(pathname: string): boolean {
  return pathname === '/profile';
}

/** What /api/auth/me answers, as far as this renderer reads it. */
const SignedInUser = z.looseObject({
  id: z.string(),
  isApproved: z.boolean(),
  language: z.string().nullable().optional(),
});

/**
 * Renders `url` (`/profile`) as the user whose token `api` sends sees it first, or null when the token is refused
 * (401: the gate would not show it anyway) or a read does not answer 200: the caller then serves the page's
 * usual document (its early skeleton). Rejects when `api` rejects. Never cached: the data is this user's.
 */
export async function renderSignedInPage(url: string, api: SessionApiGet): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://server.invalid');
  if (!isSignedInRendered(location.pathname)) return null;
  const [me] = await Promise.all([api('/api/auth/me'), preloadPage(location.pathname)]);
  const user = me.status === 200 ? SignedInUser.safeParse(me.body) : null;
  if (!user?.success) return null;
  // The markup is English, and the gate hides it for another language: a user who chose one gets the document.
  if (user.data.language && user.data.language !== DEFAULT_LANGUAGE) return null;
  // The reads routes/profile-prefetch.ts makes, by the same paths, into the same queries.
  const reads: [readonly unknown[], string][] = [
    [queryKeys.items.byUser(user.data.id), userItemsPath(user.data.id)],
    [queryKeys.reviews.ofUser(user.data.id), reviewsPath(user.data.id)],
    ...(user.data.isApproved ? [[queryKeys.favorites, FAVORITES_PATH] as [readonly unknown[], string]] : []),
  ];
  const answers = await Promise.all(reads.map(([, path]) => api(path)));
  if (answers.some((answer) => answer.status !== 200 || !Array.isArray(answer.body))) return null;

  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, me.body);
  reads.forEach(([key], index) => queryClient.setQueryData(key, answers[index]!.body));
  return renderRoute(location, queryClient, 'server-session', { title: i18n.t('profile.pageTitle') });
}
