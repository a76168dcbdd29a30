import { withQuery } from '../../../lib/with-query';
import type { BrowseFilters } from './get-items';

/*
 * The items calls' paths and `/browse`'s filters, written once for the pages (routes/browse.tsx), their queries
 * (./get-items.ts, ./get-item.ts), the early reads the small entry starts for a signed-in user
 * (early/early-reads.ts) and the server renderer (early/entry-server.tsx): an early read or a rendered page is only
 * used when its call is exactly the page's. React-free and client-free: the entry imports it.
 */

/** GET /api/items?userId=: the items a user listed (their profile). */
export const userItemsPath = (userId: string) => withQuery('/api/items', { userId });

/** GET /api/favorites: the signed-in user's favourited items. */
export const FAVORITES_PATH = '/api/favorites';

/** GET /api/items/:id for the id as the router hands it to the page (decoded). */
export const itemPath = (id: string) => `/api/items/${encodeURIComponent(id)}`;

/** `withinKm` from the URL: a whole number of km, else none. */
function radiusParam(value: string | null): number | undefined {
  const km = Number(value);
  return value && Number.isInteger(km) && km > 0 ? km : undefined;
}

/**
 * The filters `/browse` applies for its URL's `params`. Visitors get no location filter (spec sections 6 and 7):
 * it is not sent and not shown as applied.
 */
export function browseFiltersOf(params: URLSearchParams, signedIn: boolean): BrowseFilters {
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const location = params.get('location') ?? '';
  const sort = params.get('sort') === 'leaving-soon' ? ('leaving-soon' as const) : undefined;
  const placeId = (location && params.get('placeId')) || undefined;
  const withinKm = placeId ? radiusParam(params.get('withinKm')) : undefined;
  return {
    ...(signedIn ? { q, category, location, placeId, withinKm } : { q, category, location: '' }),
    ...(sort ? { sort } : {}),
  };
}

/**
 * GET /api/items for `filters`: empty filters are left out (All Categories sends no category); a picked city goes
 * as `placeId` (+ `withinKm`), typed text as `location`.
 */
export function browseItemsPath(filters: BrowseFilters, cursor?: string): string {
  return withQuery('/api/items', {
    q: filters.q || undefined,
    category: filters.category || undefined,
    location: filters.placeId ? undefined : filters.location || undefined,
    placeId: filters.placeId || undefined,
    withinKm: filters.placeId ? filters.withinKm : undefined,
    sort: filters.sort,
    cursor,
  });
}
