import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PRESET_CITIES } from '@nomadswap/contracts/enums';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { PendingApprovalNotice } from '../components/pending-approval-notice';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { NewNearYou } from '../features/home/components/new-near-you';
import { YourActivity } from '../features/home/components/your-activity';
import { browseItemsQueryOptions } from '../features/items/api/get-items';
import { useFavorites } from '../features/items/api/get-favorites';
import { countForCity, useItemStats } from '../features/items/api/get-item-stats';
import { ItemCard, ItemCardSkeleton } from '../features/items/components/item-card';
import { useUnreadCount } from '../features/messages/api/get-unread-count';
import { usePendingReviews } from '../features/reviews/api/get-pending-reviews';
import { SearchBar } from '../features/items/components/search-bar';
import { ClosingCta } from '../features/landing/components/closing-cta';
import { Hero } from '../features/landing/components/hero';
import { HowItWorks } from '../features/landing/components/how-it-works';
import { LocationBar } from '../features/landing/components/location-bar';
import { PopularDestinations } from '../features/landing/components/popular-destinations';
import { PublicLanding } from '../features/landing/components/public-landing';

const DEFAULT_CITY = PRESET_CITIES[0].name;

/** The city part of 'City, Country', or the first preset city when the user has none. */
function cityOf(location: string | undefined): string {
  const city = location?.split(',')[0]?.trim();
  return city || DEFAULT_CITY;
}

/**
 * `/` (spec section 2, Home). Visitors also get the public landing sections (benefits, categories,
 * testimonials, safety) between how-it-works and the destinations: one home page, not two.
 */
export default function HomeRoute() {
  usePageMeta();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const stats = useItemStats();
  // While the stats load, or when they fail, the counts are unknown: skeletons, then 0 per the spec.
  const countFor = stats.isPending ? undefined : (city: string) => countForCity(stats.data, city);

  return (
    <>
      <Hero signedIn={user !== null} />
      {/* Above the hero (it is its own stacking context), overlapping its lower edge. */}
      <div className="relative z-10 mx-auto -mt-8 grid max-w-6xl gap-4 px-4">
        <LocationBar city={cityOf(user?.location)} countFor={countFor} />
        <div className="rounded-xl border bg-card p-4 shadow-sm">
          <SearchBar
            initial={{ q: '', category: '' }}
            onSearch={({ q, category }) => {
              const params = new URLSearchParams();
              if (q) params.set('q', q);
              if (category) params.set('category', category);
              const query = params.toString();
              void navigate(query ? `${paths.browse}?${query}` : paths.browse);
            }}
          />
        </div>
        {user && !user.isApproved ? <PendingApprovalNotice /> : null}
      </div>
      {user ? <SignedInSections user={user} /> : null}
      <HowItWorks />
      {user ? null : <PublicLanding />}
      <PopularDestinations countFor={countFor} />
      <ClosingCta signedIn={user !== null} />
    </>
  );
}

/** A count for Your activity: undefined while loading, null when it failed. */
function countOf(query: { isError: boolean; data?: number }) {
  return query.isError ? null : query.data;
}

/**
 * The spec's two extra sections for signed-in users: New near you (the newest items of their city, the same
 * query as /browse?location=city, so See all opens from cache) and Your activity (approved users only: the
 * others cannot message, review or favourite yet).
 */
function SignedInSections({ user }: { user: { id: string; isApproved: boolean; location: string } }) {
  const city = cityOf(user.location);
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
