import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { favoritesQueryOptions } from '../features/items/api/get-favorites';
import { userItemsQueryOptions } from '../features/items/api/get-user-items';
import { reviewsQueryOptions } from '../features/reviews/api/get-reviews';

/**
 * `/profile`'s first reads, started by boot.tsx as the app starts (router.tsx preloadSignedInPage): who is signed
 * in, then their items, their reviews and (approved users) their favourites — the counts in the tabs and the item
 * list, above the fold — in parallel with the page's chunk. The early reads (early/early-reads.ts) have usually
 * asked for them already; these queries take those answers. Failures are left for the page's own queries. Settles
 * once they have answered (boot.tsx waits for that while index.html's early skeleton of the page is on screen).
 */
export async function prefetchProfilePage(queryClient: QueryClient): Promise<unknown> {
  const me = await queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  if (!me) return;
  return Promise.all([
    queryClient.prefetchQuery(userItemsQueryOptions(me.id)),
    queryClient.prefetchQuery(reviewsQueryOptions(me.id)),
    me.isApproved ? queryClient.prefetchQuery(favoritesQueryOptions()) : null,
  ]);
}
