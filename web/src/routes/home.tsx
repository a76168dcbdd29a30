import { lazy, memo, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRESET_CITIES } from '@nomadswap/contracts/enums';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { DeferredSection } from '../components/deferred-section';
import { PendingApprovalNotice } from '../components/pending-approval-notice';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { NewNearYou } from '../features/home/components/new-near-you';
import { countForCity, countForPlaceLabel, useItemStats } from '../features/items/api/get-item-stats';
import { NextCity } from '../features/home/components/next-city';
import { SearchBar } from '../features/items/components/search-bar';
import { ClosingCta } from '../features/landing/components/closing-cta';
import { Hero } from '../features/landing/components/hero';
import { HowItWorks } from '../features/landing/components/how-it-works';
import { LocationBar } from '../features/landing/components/location-bar';
import { PopularDestinations } from '../features/landing/components/popular-destinations';
import { PublicLanding } from '../features/landing/components/public-landing';

const DEFAULT_CITY = PRESET_CITIES[0].name;

// The sections that show neither the user nor the stats: memoized, so that those arriving re-render only the
// parts that show them (each arrival is a synchronous render: React Query delivers through useSyncExternalStore).
const StaticHero = memo(Hero);
const StaticHowItWorks = memo(HowItWorks);
const StaticPublicLanding = memo(PublicLanding);
const StaticClosingCta = memo(ClosingCta);

// Only signed-in users see these sections: visitors' first load of `/` does not pay for item cards and the
// messaging and review queries.
const SignedInSections = lazy(() => import('./home-signed-in-sections'));
// The next city's alert button (issue 22): only for signed-in users with a next stay.
const NextCityAlert = lazy(() => import('./home-next-city-alert'));

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
      <StaticHero signedIn={user !== null} />
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
        {user?.stay?.next ? (
          <NextCity
            next={user.stay.next}
            count={stats.isPending ? undefined : countForPlaceLabel(stats.data, user.stay.next.location)}
            action={
              user.isApproved ? (
                <Suspense fallback={null}>
                  <NextCityAlert next={user.stay.next} />
                </Suspense>
              ) : null
            }
          />
        ) : null}
      </div>
      {user ? (
        <Suspense fallback={<NewNearYouPlaceholder city={cityOf(user.location)} />}>
          <SignedInSections user={user} city={cityOf(user.location)} />
        </Suspense>
      ) : null}
      <StaticHowItWorks />
      {/* Below the fold on every screen: rendered once the page is up (see DeferredSection). */}
      <DeferredSection
        className={
          user
            ? '[--deferred-height:850px] sm:[--deferred-height:760px] md:[--deferred-height:670px]'
            : '[--deferred-height:3500px] sm:[--deferred-height:2700px] md:[--deferred-height:2050px]'
        }
      >
        {user ? null : <StaticPublicLanding />}
        <PopularDestinations countFor={countFor} />
        <StaticClosingCta signedIn={user !== null} />
      </DeferredSection>
    </>
  );
}

/** While the signed-in sections' chunk loads: New near you's skeletons, so nothing jumps when it arrives. */
function NewNearYouPlaceholder({ city }: { city: string }) {
  return (
    <NewNearYou
      city={city}
      items={undefined}
      failed={false}
      retrying={false}
      onRetry={() => {}}
      renderItem={() => null}
      renderSkeleton={() => <Skeleton className="aspect-[4/3] rounded-xl" />}
    />
  );
}
