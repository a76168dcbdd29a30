import { EARLY_GALLERY_ATTRIBUTE } from '@nomadswap/contracts/early-paint';
import { Skeleton } from '../components/ui/skeleton';
import {
  GALLERY_CLASS,
  GALLERY_PHOTO_CLASS,
  ITEM_DETAIL_CLASS,
  ITEM_FACTS_CLASS,
  ITEM_PAGE_CLASS,
} from '../features/items/components/item-page-layout';

/*
 * The item page's frame in the early skeleton (./early-skeleton.tsx), in the page's own boxes: the entry puts the
 * item's photo into its gallery box (early-shell.ts).
 */
export function EarlyItemFrame() {
  return (
    <div className={ITEM_PAGE_CLASS}>
      <Skeleton className="h-5 w-32" />
      <div className={ITEM_DETAIL_CLASS}>
        <div className={GALLERY_CLASS}>
          <div {...{ [EARLY_GALLERY_ATTRIBUTE]: '' }} className={GALLERY_PHOTO_CLASS} />
        </div>
        <div className={ITEM_FACTS_CLASS}>
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24" />
        </div>
      </div>
    </div>
  );
}
