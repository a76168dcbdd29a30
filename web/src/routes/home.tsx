import { useNavigate } from 'react-router-dom';
import { PRESET_CITIES } from '@nomadswap/contracts/enums';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { PendingApprovalNotice } from '../components/pending-approval-notice';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { countForCity, useItemStats } from '../features/items/api/get-item-stats';
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
      <HowItWorks />
      {user ? null : <PublicLanding />}
      <PopularDestinations countFor={countFor} />
      <ClosingCta signedIn={user !== null} />
    </>
  );
}
