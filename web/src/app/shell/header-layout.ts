/*
 * The header bar's boxes, shared by the header (./header.tsx) and the early item skeleton that index.html paints
 * before the app has run (early/item-skeleton.tsx): the same boxes, so the app's first commit does not shift it.
 */

/** The sticky bar (under the safe area on a notched phone). */
export const HEADER_BAR_CLASS =
  'sticky top-0 z-40 border-b bg-card/90 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-card/75';
/** Its row: the logo, the navigation and the account's buttons. */
export const HEADER_ROW_CLASS = 'mx-auto flex h-16 max-w-6xl items-center gap-3 px-4';
