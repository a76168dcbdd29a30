import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { LoaderCircle, MapPin, PackageSearch, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { PendingApprovalNotice } from '../components/pending-approval-notice';
import { EmptyState, SectionError } from '../components/section-states';
import { Button, buttonVariants } from '../components/ui/button';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useBrowseItems } from '../features/items/api/get-items';
import { browseFiltersOf } from '../features/items/api/items-paths';
import { BrowseVisitorNotices } from '../features/items/components/browse-visitor-notices';
import { ItemCard, ItemCardSkeleton } from '../features/items/components/item-card';
import { SearchBar, type SearchValues } from '../features/items/components/search-bar';
import { BrowseSort } from '../features/items/components/browse-sort';
import type { BrowseLocation } from '../features/items/components/browse-location-panel';

/* The Set Location panel (the city picker and its suggestions) loads when it is first opened. */
const BrowseLocationPanel = lazy(() => import('../features/items/components/browse-location-panel'));
/* "Alert me about new items here" (issue 22), for approved users once a city is set. */
const BrowseCityAlert = lazy(() => import('./browse-city-alert'));

type FilterParam = 'q' | 'category' | 'location' | 'placeId' | 'withinKm' | 'sort';

/**
 * `/browse` (spec section 2): search, category and location live in the URL, so a link restores them; a picked
 * city adds `placeId` and, with "and within 50 km", `withinKm` (issue 22).
 */
export default function BrowseRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('browse.title'), description: t('meta.descriptions.browse') });
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSkeleton />;
  return <Browse user={user} />;
}

function Browse({ user }: { user: UserSelf | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // What the URL asks for; the filters applied leave out a visitor's location (browseFiltersOf).
  const {
    q = '',
    category = '',
    location = '',
    placeId,
    withinKm,
    sort = 'newest',
  } = browseFiltersOf(params, true);
  const filters = browseFiltersOf(params, user !== null);
  const items = useBrowseItems(filters);
  const [panelOpen, setPanelOpen] = useState(false);

  const update = (changes: Partial<Record<FilterParam, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, String(value));
      else next.delete(key);
    }
    setParams(next, { replace: false });
  };
  const setLocation = (place: BrowseLocation) =>
    update({ location: place.location, placeId: place.placeId, withinKm: place.withinKm });

  // The cards render in a transition, in slices: a page of results arrives through React Query's
  // useSyncExternalStore, whose render is synchronous (one long task for every card at once). That render keeps
  // the previous value (skeletons) and React renders the cards right after, interruptibly.
  const data = useDeferredValue(items.data);
  const pending = items.isPending || (data === undefined && items.data !== undefined);
  const list = data?.pages.flatMap((page) => page.items) ?? [];
  const viewer = user ? { id: user.id, isApproved: user.isApproved } : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('browse.title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground" role="status" aria-live="polite">
            {pending ? t('common.loading') : t('browse.itemsFound', { count: list.length })}
          </p>
        </div>
        <Button
          variant="outline"
          aria-expanded={panelOpen}
          aria-controls="browse-location-panel"
          onClick={() => setPanelOpen((open) => !open)}
        >
          <MapPin aria-hidden="true" />
          {t('browse.setLocation')}
        </Button>
      </div>

      {!user ? <BrowseVisitorNotices /> : null}
      {user && !user.isApproved ? <PendingApprovalNotice /> : null}

      {panelOpen ? (
        <Suspense fallback={null}>
          <BrowseLocationPanel
            id="browse-location-panel"
            key={`${location}|${placeId}|${withinKm}`}
            initial={{ location, placeId, withinKm }}
            signedIn={user !== null}
            onApply={(next) => {
              setLocation(next);
              setPanelOpen(false);
            }}
          />
        </Suspense>
      ) : null}

      <SearchBar
        key={`${q}|${category}`}
        initial={{ q, category }}
        onSearch={({ q: nextQ, category: nextCategory }: SearchValues) =>
          update({ q: nextQ, category: nextCategory })
        }
      />

      <BrowseSort value={sort} onChange={(next) => update({ sort: next === 'newest' ? '' : next })} />

      {!user && location ? (
        // A city picked on the home page: visitors still get every city (spec), so say so and what signing in gives.
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1.5 font-medium text-secondary-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {t('browse.visitorPicked', { location })}
          </span>
          <Link to={paths.login} className="font-semibold text-primary underline underline-offset-2">
            {t('browse.signInForCity', { city: location.split(',')[0]!.trim() })}
          </Link>
        </p>
      ) : null}

      {user && location ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1.5 text-sm font-medium text-secondary-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {withinKm
              ? t('browse.showingNearWithin', { location, km: withinKm })
              : t('browse.showingNear', { location })}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setLocation({ location: '' })}>
            <X aria-hidden="true" />
            {t('browse.clearLocation')}
          </Button>
          {user.isApproved ? (
            <Suspense fallback={null}>
              <BrowseCityAlert location={location} placeId={placeId} category={category} />
            </Suspense>
          ) : null}
        </div>
      ) : null}

      {pending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: LIMITS.browseSkeletons }, (_, index) => (
            <ItemCardSkeleton key={index} />
          ))}
        </div>
      ) : items.isError ? (
        <SectionError
          title={t('items.loadFailed')}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={t('browse.emptyTitle')}
          description={
            <>
              <span className="block">
                {q || category ? t('browse.emptyFiltered') : t('browse.emptyFirst')}
              </span>
              <span className="mt-1 block">{t('browse.emptyCheckBack')}</span>
            </>
          }
        >
          {!user ? (
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" size="sm" onClick={() => setPanelOpen(true)}>
                <MapPin aria-hidden="true" />
                {t('browse.setLocation')}
              </Button>
              <Link to={paths.login} className={buttonVariants({ size: 'sm' })}>
                {t('browse.signIn')}
              </Link>
            </div>
          ) : null}
        </EmptyState>
      ) : (
        <>
          {/* The cards' titles are h3s: a heading for the list keeps the page's outline (h1, h2, h3) whole. */}
          <h2 id="browse-results-title" className="sr-only">
            {t('browse.resultsTitle')}
          </h2>
          <ul
            aria-labelledby="browse-results-title"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          >
            {list.map((item, index) => (
              // Off screen, the browser skips a card's layout and paint (about a card's height assumed; only the height:
              // an intrinsic width of 26rem widened the grid past a phone's screen).
              <li
                key={item.id}
                className="[contain-intrinsic-block-size:auto_26rem] [content-visibility:auto]"
              >
                <ItemCard item={item} viewer={viewer} priority={index === 0} />
              </li>
            ))}
          </ul>
          {items.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void items.fetchNextPage()}
                disabled={items.isFetchingNextPage}
              >
                {items.isFetchingNextPage ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : null}
                {items.isFetchingNextPage ? t('common.loading') : t('browse.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
