import type { LucideIcon } from 'lucide-react';
import { Heart, MessageCircle, Star } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { Skeleton } from '../../../components/ui/skeleton';

/** A count: a number once loaded, undefined while loading, null when it could not be loaded. */
type Count = number | undefined | null;

interface Tile {
  key: 'unread' | 'pendingReviews' | 'favorites';
  to: string;
  icon: LucideIcon;
  labelKey: ParseKeys;
  hintKey: ParseKeys;
}

const TILES: Tile[] = [
  {
    key: 'unread',
    to: paths.messages,
    icon: MessageCircle,
    labelKey: 'home.activity.unread',
    hintKey: 'home.activity.unreadHint',
  },
  {
    key: 'pendingReviews',
    to: `${paths.profile}?tab=pending-reviews`,
    icon: Star,
    labelKey: 'home.activity.pendingReviews',
    hintKey: 'home.activity.pendingReviewsHint',
  },
  {
    key: 'favorites',
    to: `${paths.profile}?tab=favorites`,
    icon: Heart,
    labelKey: 'home.activity.favorites',
    hintKey: 'home.activity.favoritesHint',
  },
];

/**
 * Home, signed in (spec section 2: the second extra section): unread conversations, reviews still to write
 * and favourites, each a link to where they are dealt with.
 */
export function YourActivity(counts: Record<Tile['key'], Count>) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="your-activity-title" className="mx-auto grid max-w-6xl gap-4 px-4 pt-10">
      <div>
        <h2 id="your-activity-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('home.activity.title')}
        </h2>
        <p className="mt-1 text-muted-foreground">{t('home.activity.subtitle')}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {TILES.map((tile) => {
          const count = counts[tile.key];
          const highlight = typeof count === 'number' && count > 0;
          return (
            <li key={tile.key}>
              <Link
                to={tile.to}
                className="flex h-full items-center gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span
                  className={`flex size-12 shrink-0 items-center justify-center rounded-xl ${highlight ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground'}`}
                >
                  <tile.icon className="size-6" aria-hidden="true" />
                </span>
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-semibold">{t(tile.labelKey)}</span>
                  <span className="text-sm text-muted-foreground">{t(tile.hintKey)}</span>
                </span>
                <span
                  className="ml-auto text-2xl font-bold tabular-nums"
                  data-testid={`activity-${tile.key}`}
                >
                  {count === undefined ? (
                    <>
                      <Skeleton className="h-7 w-8" />
                      <span className="sr-only">{t('home.activity.loading')}</span>
                    </>
                  ) : count === null ? (
                    <span className="text-sm font-normal text-muted-foreground">
                      {t('home.activity.unavailable')}
                    </span>
                  ) : (
                    count
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
