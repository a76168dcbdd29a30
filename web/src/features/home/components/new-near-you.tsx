import type { ReactNode } from 'react';
import { ArrowRight, CirclePlus, PackageSearch } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState, SectionError } from '../../../components/section-states';
import { buttonVariants } from '../../../components/ui/button';

/** How many of the newest items the section shows (one row on a wide screen). */
export const NEW_NEAR_YOU_COUNT = 4;

/** A phone shows the two newest (four full cards would push Your activity far down); wider screens all four. */
function onWideOnly(index: number): string | undefined {
  return index >= 2 ? 'hidden sm:block' : undefined;
}

interface NewNearYouProps<T extends { id: string }> {
  city: string;
  /** The newest items of the city; undefined while they load. */
  items: T[] | undefined;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  renderItem: (item: T) => ReactNode;
  renderSkeleton: () => ReactNode;
}

/**
 * Home, signed in (spec section 2: the first extra section): the latest items in the user's city, skeletons
 * while they load, a way to list one when there are none, and a link to all of them on /browse.
 */
export function NewNearYou<T extends { id: string }>(props: NewNearYouProps<T>) {
  const { t } = useTranslation();
  const { city, items } = props;
  let body: ReactNode;
  if (props.failed) {
    body = (
      <SectionError
        title={t('home.newNearYou.loadFailed')}
        onRetry={props.onRetry}
        retrying={props.retrying}
      />
    );
  } else if (!items) {
    body = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        <span className="sr-only">{t('home.newNearYou.loading')}</span>
        {Array.from({ length: NEW_NEAR_YOU_COUNT }, (_, index) => (
          <div key={index} className={onWideOnly(index)}>
            {props.renderSkeleton()}
          </div>
        ))}
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={PackageSearch}
        title={t('home.newNearYou.emptyTitle', { city })}
        description={t('home.newNearYou.emptyBody')}
      >
        <Link to={paths.addItem} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
          <CirclePlus aria-hidden="true" />
          {t('home.newNearYou.listItem')}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.slice(0, NEW_NEAR_YOU_COUNT).map((item, index) => (
          <li key={item.id} className={onWideOnly(index)}>
            {props.renderItem(item)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="new-near-you-title" className="mx-auto grid max-w-6xl gap-4 px-4 pt-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="new-near-you-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('home.newNearYou.title')}
          </h2>
          <p className="mt-1 text-muted-foreground">{t('home.newNearYou.subtitle', { city })}</p>
        </div>
        <Link
          to={paths.browseIn(city)}
          className="inline-flex items-center gap-1 rounded text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('home.newNearYou.seeAll', { city })}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {body}
    </section>
  );
}
