/*
 * The item page's boxes, shared by the page (routes/item.tsx, ./item-detail.tsx, ./item-gallery.tsx) and the early
 * item skeleton that index.html paints before the app has run (early/item-skeleton.tsx): the same boxes, so the
 * app's first commit takes the skeleton's place without a shift, and the photo the entry puts into the skeleton's
 * gallery box has the size it will have in the app.
 */

/** The page: the back link above the detail. */
export const ITEM_PAGE_CLASS = 'mx-auto grid max-w-6xl gap-4 px-4 py-6 sm:py-10';
/** The detail: the gallery, and beside it (wide screens) or under it the item's facts. */
export const ITEM_DETAIL_CLASS = 'grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10';
/** The facts' column. */
export const ITEM_FACTS_CLASS = 'grid min-w-0 content-start gap-5';
/** The gallery: the photo's box above the thumbnails. */
export const GALLERY_CLASS = 'grid gap-3';
/** The photo's box. */
export const GALLERY_PHOTO_CLASS = 'aspect-[4/3] overflow-hidden rounded-xl border bg-muted';
