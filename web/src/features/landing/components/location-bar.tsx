import { lazy, Suspense, useState } from 'react';
import { ChevronDown, LoaderCircle, LocateFixed, MapPin } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDetectLocation } from '../../../hooks/use-detect-location';
import { FallbackBoundary } from '../../../components/fallback-boundary';

/*
 * The preset-city menu (Radix dropdown and its positioning, about 30 KiB compressed with its parts) is not needed
 * to paint the home page, nor by a visitor who only looks (issue 25: everything `/` downloads while loading
 * counts): its chunk is fetched when its button is pointed at, touched or focused, and the menu replaces the
 * button, open, on the first press. Until then the button is shown as the menu's own trigger looks.
 */
const loadCityMenu = () => import('./city-menu');
const CityMenu = lazy(loadCityMenu);

function ChangeLocationButton({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  // A preload that fails (offline) is not an error: the press tries again, and the boundary below catches it.
  const preload = () => void loadCityMenu().catch(() => undefined);
  return (
    <Button
      variant="outline"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      onClick={onOpen}
    >
      {t('home.location.change')}
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}

interface LocationBarProps {
  /** The city shown after 'Currently in:'. */
  city: string;
  /** Available items per city name; undefined while the stats load. */
  countFor: ((city: string) => number) | undefined;
}

/**
 * Home location bar (spec section 2, Home): the current city with its item count, a Change Location menu of
 * the six preset cities, and Use Current Location; each leads to /browse?location={city}.
 */
export function LocationBar({ city, countFor }: LocationBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { detect, isDetecting, error } = useDetectLocation();
  // Set by the first press of the placeholder button: the menu mounts in its place, open, with focus in it.
  const [menuWanted, setMenuWanted] = useState(false);

  const onDetect = async () => {
    const found = await detect();
    if (found)
      await navigate(
        found.place ? paths.browseIn(found.place.label, found.place.id) : paths.browseIn(found.city),
      );
  };

  return (
    <section
      aria-label={t('home.location.label')}
      className="rounded-xl border bg-card p-4 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <MapPin className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm text-muted-foreground">
            {t('home.location.currentlyIn')} <span className="font-semibold text-foreground">{city}</span>
          </p>
          <div className="text-sm font-medium text-primary">
            {countFor ? (
              t('home.location.activeNearby', { count: countFor(city) })
            ) : (
              // The text line's box (20 px): a margin here would collapse through the line's element and move it
              // when the count replaces the placeholder.
              <div className="py-0.5">
                <Skeleton className="h-4 w-36" />
              </div>
            )}
          </div>
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:mt-0 sm:flex-row">
        {menuWanted ? (
          // Offline, the menu's chunk may not come: the button stays, the page is not replaced by an error.
          <FallbackBoundary fallback={<ChangeLocationButton />}>
            <Suspense fallback={<ChangeLocationButton />}>
              <CityMenu countFor={countFor} defaultOpen />
            </Suspense>
          </FallbackBoundary>
        ) : (
          <ChangeLocationButton onOpen={() => setMenuWanted(true)} />
        )}
        <Button variant="secondary" onClick={() => void onDetect()} disabled={isDetecting}>
          {isDetecting ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <LocateFixed aria-hidden="true" />
          )}
          {isDetecting ? t('location.detecting') : t('home.location.useCurrent')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive sm:basis-full">
          {error}
        </p>
      ) : null}
    </section>
  );
}
