import type { ReactNode } from 'react';
import { ImageOff, MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { Badge } from '../../../components/ui/badge';
import { PhotoStatePlaceholder } from './item-cover';
import { categoryName } from './category-badge';
import { LeavingBadge } from './leaving-badge';
import { displayPlaceLabel } from '../../../lib/place-label';

/** A compact item card for profile and admin lists: photo, title, category, condition, place, status. */
export function ItemTile({ item, actions }: { item: Item; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const first = item.photos[0];
  // The card thumbnail when there is one; owners and admins see a photo still processing (or failed) as such.
  const cover = first?.state === 'ready' ? (first.thumb ?? first.full) : item.images[0];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="relative aspect-[4/3] bg-muted">
        {first && first.state !== 'ready' ? (
          <PhotoStatePlaceholder state={first.state} />
        ) : cover ? (
          <img src={cover} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-1 text-sm text-muted-foreground">
            <ImageOff className="size-6" aria-hidden="true" />
            {t('items.noImage')}
          </span>
        )}
        <Badge
          variant={
            item.isSwapped
              ? 'secondary'
              : item.expiredAt
                ? 'destructive'
                : item.isReserved
                  ? 'warning'
                  : 'success'
          }
          className="absolute left-2 top-2 shadow-sm"
        >
          {item.isSwapped
            ? t('items.swapped')
            : item.expiredAt
              ? t('deadlines.expired')
              : item.isReserved
                ? t('exchanges.reserved')
                : t('items.available')}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-1 font-semibold wrap-anywhere">
          <Link
            to={paths.item(item.id)}
            className="rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {item.title}
          </Link>
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="outline">{categoryName(t, item.category)}</Badge>
          <Badge variant="outline">{t(`conditionNames.${item.condition}`)}</Badge>
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{displayPlaceLabel(item.location, i18n.language)}</span>
        </p>
        {item.expiredAt && !item.isSwapped ? (
          <p className="text-sm text-muted-foreground">
            {t('deadlines.expiredOn', { date: new Date(item.expiredAt).toLocaleDateString(i18n.language) })}
          </p>
        ) : item.isSwapped ? null : (
          <LeavingBadge availableUntil={item.availableUntil} className="w-fit" />
        )}
        {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions}</div> : null}
      </div>
    </article>
  );
}
