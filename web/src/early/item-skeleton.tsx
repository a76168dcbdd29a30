import { renderToStaticMarkup } from 'react-dom/server';
import { EARLY_GALLERY_ATTRIBUTE, EARLY_SHELL_ID } from '@nomadswap/contracts/early-paint';
import { HEADER_BAR_CLASS, HEADER_ROW_CLASS } from '../app/shell/header-layout';
import { Logo } from '../components/logo';
import { Skeleton } from '../components/ui/skeleton';
import {
  GALLERY_CLASS,
  GALLERY_PHOTO_CLASS,
  ITEM_DETAIL_CLASS,
  ITEM_FACTS_CLASS,
  ITEM_PAGE_CLASS,
} from '../features/items/components/item-page-layout';

/*
 * A signed-in user's item page before the app has run (early-shell.ts): the header bar and the page's frame, in
 * the app's own boxes and components. Rendered into index.html at build time (and by the dev server) by
 * vite-plugin.ts, next to #root. The gate shows it on `/item/:id` with a stored session; the entry puts the item's
 * photo into the gallery box; the app's first commit removes it. Decorative: hidden from assistive technology (the
 * app announces the page), with nothing in it to focus and no landmark (a <div>, not the header's <header>).
 */
export function EarlyItemSkeleton() {
  return (
    <div id={EARLY_SHELL_ID} aria-hidden="true">
      <div className={HEADER_BAR_CLASS}>
        <div className={HEADER_ROW_CLASS}>
          <span className="-ml-1 rounded-lg p-1">
            <Logo />
          </span>
          {/* The header's account placeholder while the session is checked, and the mobile menu's room. */}
          <div className="ml-auto flex items-center gap-2">
            <Skeleton className="size-9 rounded-full" />
            <div className="size-9 md:hidden" />
          </div>
        </div>
      </div>
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
    </div>
  );
}

/** The skeleton's markup for index.html. */
export const renderEarlyItemSkeleton = () => renderToStaticMarkup(<EarlyItemSkeleton />);
