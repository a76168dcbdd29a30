import { useId, useState, type ChangeEvent } from 'react';
import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import type { ItemImage } from '@nomadswap/contracts/responses';
import { toast } from '../../../hooks/use-toast';
import { checkImageFile, resizeImage } from '../../../lib/image-resize';
import { PhotoStatePlaceholder } from './item-cover';

const ITEM_PHOTO_RESIZE = {
  maxWidth: LIMITS.itemPhoto.width,
  maxHeight: LIMITS.itemPhoto.height,
  quality: LIMITS.itemPhoto.quality,
};

interface PhotoPickerProps {
  /** Kept image URLs and new data URLs, in order (what `images` sends). */
  value: string[];
  onChange: (images: string[]) => void;
  /** States of the item's stored photos by URL, so one still processing shows as such (edit). */
  states?: Record<string, ItemImage['state']>;
  error?: string;
}

/**
 * Up to 3 item photos with previews and remove (spec section 5). Each file is checked (≤ 10 MB), then
 * resized in the browser to fit 600×450 as JPEG 0.7; the add control disappears at 3.
 */
export function PhotoPicker({ value, onChange, states = {}, error }: PhotoPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [processing, setProcessing] = useState(false);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Let the same file be picked again after a refusal.
    event.target.value = '';
    const next = [...value];
    setProcessing(true);
    try {
      for (const file of files) {
        if (next.length >= LIMITS.maxPhotosPerItem) {
          toast({ title: t('msg.maxPhotos'), description: t('msg.maxPhotosDetail'), variant: 'destructive' });
          break;
        }
        // The type is proven by decoding: a file that is no picture fails below as 'Error processing image'.
        if (checkImageFile(file, { requireImageType: false }) === 'too-large') {
          toast({
            title: t('msg.fileTooLarge'),
            description: t('msg.fileTooLargeDetail'),
            variant: 'destructive',
          });
          continue;
        }
        try {
          next.push(await resizeImage(file, ITEM_PHOTO_RESIZE));
        } catch {
          toast({
            title: t('msg.imageProcessingError'),
            description: t('itemForm.processingFailed'),
            variant: 'destructive',
          });
        }
      }
    } finally {
      setProcessing(false);
    }
    if (next.length !== value.length) onChange(next);
  };

  const full = value.length >= LIMITS.maxPhotosPerItem;

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('itemForm.photos')}</legend>
      <p className="-mt-1 text-xs text-muted-foreground">
        {t('itemForm.photosHint', { count: value.length, max: LIMITS.maxPhotosPerItem })}
      </p>
      <ul className="grid grid-cols-3 gap-2 sm:gap-3">
        {value.map((src, index) => {
          const state = states[src];
          return (
            <li key={src} className="relative aspect-[4/3] overflow-hidden rounded-lg border bg-muted">
              {state && state !== 'ready' ? (
                <PhotoStatePlaceholder state={state} />
              ) : (
                <img
                  src={src}
                  alt={t('itemForm.photoPreview', { n: index + 1 })}
                  className="size-full object-cover"
                />
              )}
              <button
                type="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={t('itemForm.removePhoto', { n: index + 1 })}
                className="absolute right-1 top-1 flex size-8 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
        {!full ? (
          <li className="aspect-[4/3]">
            <label
              htmlFor={inputId}
              className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-input bg-card p-2 text-center text-xs font-medium text-muted-foreground hover:border-primary hover:text-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              {processing ? (
                <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
              ) : (
                <ImagePlus className="size-6" aria-hidden="true" />
              )}
              {processing ? t('itemForm.processingPhoto') : t('itemForm.addPhoto')}
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                disabled={processing}
                onChange={(event) => void onFiles(event)}
              />
            </label>
          </li>
        ) : null}
      </ul>
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </fieldset>
  );
}
