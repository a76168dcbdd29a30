import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { favoritesQueryOptions } from '../features/items/api/get-favorites';
import { userItemsQueryOptions } from '../features/items/api/get-user-items';
import { reviewsQueryOptions } from '../features/reviews/api/get-reviews';
import { alertsQueryOptions } from '../features/alerts/api/get-alerts';
import { messagingSettingsQueryOptions } from '../features/messages/api/get-messaging-settings';

/**
 * `/profile`'s first reads, started by boot.tsx as the app starts (router.tsx preloadSignedInPage): who is signed
 * in, then their items, their reviews and (approved users) their favourites — the counts in the tabs and the item
 * list, above the fold — in parallel with the page's chunk; and, not waited for, the settings cards below it. The
 * early reads (early/early-reads.ts) have usually asked for them already; these queries take those answers. Failures are left for the page's own queries. Settles
 * once they have answered (boot.tsx waits for that while index.html's early skeleton of the page is on screen).
 */
export async function prefetchProfilePage(queryClient: QueryClient): Promise<unknown> {
  const me = await queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  if (!me) return;
  if (me.isApproved) {
    // The settings below the fold (routes/profile.tsx DeferredSection, rendered once the page is idle): asked now
    // and not waited for, so that the section renders once, with its data — not as skeletons that each answer
    // then re-renders synchronously (a CPU profile of the start-up: two long tasks, ~145 ms at 4× CPU).
    void queryClient.prefetchQuery(alertsQueryOptions());
    void queryClient.prefetchQuery(messagingSettingsQueryOptions());
  }
  return Promise.all([
    queryClient.prefetchQuery(userItemsQueryOptions(me.id)),
    queryClient.prefetchQuery(reviewsQueryOptions(me.id)),
    me.isApproved ? queryClient.prefetchQuery(favoritesQueryOptions()) : null,
  ]);
}
