import { ImageOff, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ItemImage, ListedItem } from '@nomadswap/contracts/responses';
import { isFullItem } from '@nomadswap/contracts/listed-item';
import placeholderUrl from '../../../assets/item-placeholder.svg';
import { cn } from '../../../lib/utils';

/** A photo that is not ready yet or could not be processed: a state instead of a broken picture. */
export function PhotoStatePlaceholder({
  state,
  className,
}: {
  state: Exclude<ItemImage['state'], 'ready'>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'flex size-full flex-col items-center justify-center gap-1 bg-muted p-2 text-center text-xs text-muted-foreground',
        className,
      )}
    >
      {state === 'processing' ? (
        <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
      ) : (
        <ImageOff className="size-6 text-destructive" aria-hidden="true" />
      )}
      {state === 'processing' ? t('itemCard.photoProcessing') : t('itemCard.photoFailed')}
    </span>
  );
}

/** The default illustration for an item listed without photos (spec: "a default stock photo"). */
export function DefaultItemImage({ className }: { className?: string }) {
  return <img src={placeholderUrl} alt="" className={cn('size-full object-cover', className)} />;
}

/**
 * An item's cover: its first photo's card thumbnail. Owners and admins get the photo's processing or failed
 * state (only they receive those); an item with no photo shows the default illustration. A card view (visitors,
 * unapproved users) carries only its cover thumbnail.
 */
export function ItemCover({
  item,
  size = 'thumb',
  priority = false,
}: {
  item: ListedItem;
  size?: 'thumb' | 'full';
  /** The page's largest photo above the fold (its LCP element): fetched at once and first, not lazily. */
  priority?: boolean;
}) {
  const loading = priority ? ('eager' as const) : ('lazy' as const);
  const fetchPriority = priority ? ('high' as const) : undefined;
  if (!isFullItem(item)) {
    return item.cover ? (
      <img
        src={item.cover}
        alt=""
        loading={loading}
        fetchPriority={fetchPriority}
        className="size-full object-cover"
      />
    ) : (
      <DefaultItemImage />
    );
  }
  const first = item.photos[0];
  if (first && first.state !== 'ready') return <PhotoStatePlaceholder state={first.state} />;
  const src = (first ? first[size] : null) ?? item.images[0];
  if (!src) return <DefaultItemImage />;
  return (
    <img
      src={src}
      alt=""
      loading={loading}
      fetchPriority={fetchPriority}
      className="size-full object-cover"
    />
  );
}
