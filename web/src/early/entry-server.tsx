/*
 * The server renderer (the gateway runs it, gateway/src/ssr.ts): the visitor's first view of `/browse` as HTML,
 * rendered by the app's own components with the items API's answer already in the query cache, so the page and
 * its first photo paint from the HTML instead of after the app's script and an API call. Built by
 * `vite build --ssr` into dist/.ssr/entry-server.js with every library bundled in, so the gateway needs none of
 * the web app's dependencies (its Docker image has only its own).
 *
 * Visitor view only: the gateway asks the API without any credentials, and the browser hides this markup for a
 * signed-in user before the first paint (early/prerender-gate.js). Only pages whose visitor view shows public
 * data are rendered here; the item page is for approved users (spec section 6), whose token the server cannot see.
 */
import { renderToString } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { NEXT_CURSOR_HEADER } from '@nomadswap/contracts/headers';
import { z } from 'zod';
import { ItemCardSchema } from '@nomadswap/contracts/responses';
import { i18n } from '../i18n';
import { AppProviders } from '../app/providers';
import { preloadPage, routes } from '../app/router';
import { browseItemsQueryOptions, type ItemsPage } from '../features/items/api/get-items';
import { browseFiltersOf, browseItemsPath } from '../features/items/api/items-paths';
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
  /** The document title and meta description the page sets in the browser (usePageMeta). */
  title: string;
  description: string;
}

const VisitorCards = z.array(ItemCardSchema);

/** The paths rendered here. Anything else gets the plain shell. */
export function isServerRendered(pathname: string): boolean {
  return pathname === '/browse';
}

/** Loads the rendered pages' chunks ahead of the first request (the gateway calls it when it loads this module). */
export function warmUp(): Promise<unknown> {
  return preloadPage('/browse');
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

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The first card's photo (the LCP element) has fetchPriority="high": React puts a preload link for it at the
  // start of the markup, so the browser fetches it while the stylesheet is still loading.
  const html = renderToString(
    <AppProviders queryClient={queryClient}>
      {/* hydrate={false}: no inline script with the router's state (the CSP allows none; the client does not
          hydrate, it replaces this markup, see early/prerendered-home.ts). */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );

  const t = i18n.t.bind(i18n);
  return {
    html,
    state: JSON.stringify(dehydrate(queryClient)),
    title: t('meta.titleTemplate', { title: t('browse.title') }),
    description: t('meta.descriptions.browse'),
  };
}
