import { useState } from 'react';
import { Eye, LoaderCircle, LocateFixed, MapPin, PackageSearch, UserPlus, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { PendingApprovalNotice } from '../components/pending-approval-notice';
import { EmptyState, SectionError } from '../components/section-states';
import { Button, buttonVariants } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { useDetectLocation } from '../hooks/use-detect-location';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../app/shell/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useBrowseItems, type BrowseFilters } from '../features/items/api/get-items';
import { ItemCard, ItemCardSkeleton } from '../features/items/components/item-card';
import { SearchBar, type SearchValues } from '../features/items/components/search-bar';

/** `/browse` (spec section 2): search, category and location live in the URL, so a link restores them. */
export default function BrowseRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('browse.title') });
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSkeleton />;
  return <Browse user={user} />;
}

function Browse({ user }: { user: UserSelf | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const location = params.get('location') ?? '';
  // Visitors get no location filter (spec sections 6 and 7): it is not sent and not shown as applied.
  const filters: BrowseFilters = { q, category, location: user ? location : '' };
  const items = useBrowseItems(filters);
  const [panelOpen, setPanelOpen] = useState(false);

  const update = (changes: Partial<Record<'q' | 'category' | 'location', string>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: false });
  };

  const list = items.data?.pages.flatMap((page) => page.items) ?? [];
  const viewer = user ? { id: user.id, isApproved: user.isApproved } : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('browse.title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground" role="status" aria-live="polite">
            {items.isPending ? t('common.loading') : t('browse.itemsFound', { count: list.length })}
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

      {!user ? <VisitorNotices /> : null}
      {user && !user.isApproved ? <PendingApprovalNotice /> : null}

      {panelOpen ? (
        <LocationPanel
          key={location}
          initial={location}
          signedIn={user !== null}
          onApply={(next) => {
            update({ location: next });
            setPanelOpen(false);
          }}
        />
      ) : null}

      <SearchBar
        key={`${q}|${category}`}
        initial={{ q, category }}
        onSearch={({ q: nextQ, category: nextCategory }: SearchValues) =>
          update({ q: nextQ, category: nextCategory })
        }
      />

      {user && location ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1.5 text-sm font-medium text-secondary-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {t('browse.showingNear', { location })}
          </span>
          <Button variant="ghost" size="sm" onClick={() => update({ location: '' })}>
            <X aria-hidden="true" />
            {t('browse.clearLocation')}
          </Button>
        </div>
      ) : null}

      {items.isPending ? (
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
              {q || category ? t('browse.emptyFiltered') : t('browse.emptyFirst')}{' '}
              {t('browse.emptyCheckBack')}
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
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {list.map((item) => (
              <li key={item.id}>
                <ItemCard item={item} viewer={viewer} />
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

/** Visitors: 'Limited Preview' (up to 6 items) and the 'Preview Mode' banner (spec section 2, Browse). */
function VisitorNotices() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <section
        aria-labelledby="limited-preview-title"
        className="flex flex-col gap-3 rounded-xl border bg-secondary/60 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="limited-preview-title" className="font-semibold">
            {t('browse.limitedPreview')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('browse.limitedPreviewBody', { count: LIMITS.visitorPreviewItems })}
          </p>
        </div>
        <Link to={paths.register} className={buttonVariants({ size: 'sm', className: 'shrink-0' })}>
          <UserPlus aria-hidden="true" />
          {t('browse.createProfile')}
        </Link>
      </section>
      <section
        aria-labelledby="preview-mode-title"
        className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900"
      >
        <Eye className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <h2 id="preview-mode-title" className="font-semibold">
            {t('browse.previewMode')}
          </h2>
          <p>
            {t('browse.previewModeBody')}{' '}
            <Link to={paths.login} className="font-semibold underline underline-offset-2">
              {t('browse.signIn')}
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}

/** 'Set Location': a place typed or detected by GPS, and 'Clear'. */
function LocationPanel({
  initial,
  signedIn,
  onApply,
}: {
  initial: string;
  signedIn: boolean;
  onApply: (location: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const { detect, isDetecting, error } = useDetectLocation();

  const onDetect = async () => {
    const place = await detect();
    if (place) {
      setValue(place.formatted);
      onApply(place.formatted);
    }
  };

  return (
    <section
      id="browse-location-panel"
      aria-labelledby="browse-location-title"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id="browse-location-title" className="font-semibold">
        {t('browse.setLocation')}
      </h2>
      {!signedIn ? <p className="text-sm text-muted-foreground">{t('browse.locationSignedOut')}</p> : null}
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(value.trim());
        }}
      >
        <Label htmlFor="browse-location">{t('browse.locationLabel')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="browse-location"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={t('location.placeholder')}
            autoComplete="address-level2"
          />
          <div className="flex gap-2">
            <Button type="submit" className="flex-1 sm:flex-none">
              {t('browse.applyLocation')}
            </Button>
            <Button
              variant="outline"
              className="flex-1 sm:flex-none"
              onClick={() => void onDetect()}
              disabled={isDetecting}
            >
              {isDetecting ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <LocateFixed aria-hidden="true" />
              )}
              {isDetecting ? t('location.detecting') : t('location.detect')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setValue('');
                onApply('');
              }}
            >
              {t('browse.clear')}
            </Button>
          </div>
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
