import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item, ItemImage } from '@nomadswap/contracts/responses';
import { cn } from '../../../lib/utils';
import { DefaultItemImage, PhotoStatePlaceholder } from './item-cover';
import { GALLERY_CLASS, GALLERY_PHOTO_CLASS } from './item-page-layout';

interface GalleryPhoto {
  key: string;
  state: ItemImage['state'];
  full: string | null;
  thumb: string | null;
}

/** The item's photos in order; `images` stands in when an older response carries no `photos`. */
function galleryPhotos(item: Item): GalleryPhoto[] {
  if (item.photos.length > 0) {
    return item.photos.map((photo) => ({
      key: photo.id,
      state: photo.state,
      full: photo.full,
      thumb: photo.thumb ?? photo.full,
    }));
  }
  return item.images.map((url) => ({ key: url, state: 'ready', full: url, thumb: url }));
}

/** Item detail gallery: the chosen photo large, the others as thumbnails; the illustration when none. */
export function ItemGallery({ item }: { item: Item }) {
  const { t } = useTranslation();
  const photos = galleryPhotos(item);
  const [selected, setSelected] = useState(0);
  const current = photos[Math.min(selected, photos.length - 1)];

  return (
    <div className={GALLERY_CLASS}>
      <div className={GALLERY_PHOTO_CLASS}>
        {!current ? (
          <DefaultItemImage />
        ) : current.state !== 'ready' ? (
          <PhotoStatePlaceholder state={current.state} />
        ) : (
          <img
            src={current.full ?? ''}
            // The page's largest image (its LCP element): fetched first. early/early-reads.ts preloads the first one.
            fetchPriority={selected === 0 ? 'high' : undefined}
            alt={t('itemDetail.photoAlt', { title: item.title, n: selected + 1, total: photos.length })}
            className="size-full object-contain"
          />
        )}
      </div>
      {photos.length > 1 ? (
        <ul className="flex gap-2" aria-label={t('itemDetail.thumbnails')}>
          {photos.map((photo, index) => (
            <li key={photo.key}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t('itemDetail.showPhoto', { n: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                className={cn(
                  'block size-16 overflow-hidden rounded-lg border-2 bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:size-20',
                  index === selected ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                {photo.state === 'ready' && photo.thumb ? (
                  <img src={photo.thumb} alt="" className="size-full object-cover" />
                ) : (
                  <PhotoStatePlaceholder state={photo.state === 'ready' ? 'failed' : photo.state} />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
