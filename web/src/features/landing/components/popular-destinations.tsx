import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PRESET_CITIES } from '@nomadswap/contracts/enums';
import { paths } from '../../../config/paths';
import { Skeleton } from '../../../components/ui/skeleton';
import { CityFlag } from './city-flag';

/**
 * 'Popular Exchange Destinations' (spec section 2, Home): the six preset cities with their item counts,
 * most items first; skeletons while the counts load.
 */
export function PopularDestinations({ countFor }: { countFor: ((city: string) => number) | undefined }) {
  const { t } = useTranslation();
  const cities = countFor
    ? PRESET_CITIES.map((city) => ({ ...city, count: countFor(city.name) })).sort((a, b) => b.count - a.count)
    : null;

  return (
    <section aria-labelledby="destinations-title" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="destinations-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('home.destinations.title')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('home.destinations.subtitle')}</p>
      {cities ? (
        <ol className="mt-8 grid grid-cols-2 gap-3 md:grid-cols-3">
          {cities.map((city) => (
            <li key={city.name}>
              <Link
                to={paths.browseIn(city.name)}
                // Phones: a smaller flag and padding leave the name room for "Ho Chi Minh" on one line (390 px).
                className="group flex h-full items-center gap-2 rounded-xl border bg-card p-3 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:gap-3 sm:p-4"
              >
                <CityFlag country={city.country} className="h-5 w-7.5 shrink-0 sm:h-6 sm:w-9" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{city.name}</span>
                  <span className="block text-sm text-muted-foreground">
                    {t('home.itemCount', { count: city.count })}
                  </span>
                </span>
                <ArrowRight
                  className="hidden size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 sm:block"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <div className="mt-8 grid grid-cols-2 gap-3 md:grid-cols-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          {PRESET_CITIES.map((city) => (
            <Skeleton
              key={city.name}
              data-testid="destination-skeleton"
              className="h-[70px] rounded-xl sm:h-[74px]"
            />
          ))}
        </div>
      )}
    </section>
  );
}
