import { useInfiniteQuery } from '@tanstack/react-query';
import { NewNearYou } from '../features/home/components/new-near-you';
import { YourActivity } from '../features/home/components/your-activity';
import { browseItemsQueryOptions } from '../features/items/api/get-items';
import { useFavorites } from '../features/items/api/get-favorites';
import { ItemCard, ItemCardSkeleton } from '../features/items/components/item-card';
import { useUnreadCount } from '../features/messages/api/get-unread-count';
import { usePendingReviews } from '../features/reviews/api/get-pending-reviews';

/** A count for Your activity: undefined while loading, null when it failed. */
function countOf(query: { isError: boolean; data?: number }) {
  return query.isError ? null : query.data;
}

/**
 * The spec's two extra sections for signed-in users: New near you (the newest items of their city, the same
 * query as /browse?location=city, so See all opens from cache) and Your activity (approved users only: the
 * others cannot message, review or favourite yet).
 */
export default function SignedInSections({
  user,
  city,
}: {
  user: { id: string; isApproved: boolean };
  city: string;
}) {
  const near = useInfiniteQuery(browseItemsQueryOptions({ q: '', category: '', location: city }));
  const approved = user.isApproved;
  const unread = useUnreadCount({ enabled: approved });
  const pendingReviews = usePendingReviews({ enabled: approved });
  const favorites = useFavorites({ enabled: approved });
  const viewer = { id: user.id, isApproved: user.isApproved };

  return (
    <>
      <NewNearYou
        city={city}
        items={near.data?.pages[0]?.items}
        failed={near.isError}
        retrying={near.isFetching}
        onRetry={() => void near.refetch()}
        renderItem={(item) => <ItemCard item={item} viewer={viewer} />}
        renderSkeleton={() => <ItemCardSkeleton />}
      />
      {approved ? (
        <YourActivity
          unread={countOf({ isError: unread.isError, data: unread.data?.count })}
          pendingReviews={countOf({ isError: pendingReviews.isError, data: pendingReviews.data?.length })}
          favorites={countOf({ isError: favorites.isError, data: favorites.data?.length })}
        />
      ) : null}
    </>
  );
}
