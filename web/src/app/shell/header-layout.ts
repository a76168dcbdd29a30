/*
 * The header bar's and the phones' tab bar's boxes, shared by the header (./header.tsx), the tab bar
 * (./bottom-tab-bar.tsx) and the early skeleton of a signed-in page that index.html paints before the app has run
 * (early/early-skeleton.tsx): the same boxes, so the app's first commit does not shift them.
 */

/** The sticky bar (under the safe area on a notched phone). */
export const HEADER_BAR_CLASS =
  'sticky top-0 z-40 border-b bg-card/90 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-card/75';
/** Its row: the logo, the navigation and the account's buttons. */
export const HEADER_ROW_CLASS = 'mx-auto flex h-16 max-w-6xl items-center gap-3 px-4';

/** The phones' tab bar of a signed-in user, fixed at the bottom (above the home indicator). */
export const TAB_BAR_CLASS =
  'fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden';
/** Its row of five tabs. */
export const TAB_BAR_ROW_CLASS = 'mx-auto grid h-16 max-w-md grid-cols-5';
