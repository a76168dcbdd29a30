/*
 * `/profile`'s boxes, shared by the page (routes/profile.tsx, ./user-profile-card.tsx) and the early skeleton that
 * index.html paints before the app has run (early/profile-skeleton.tsx): the same boxes, so the app's first commit
 * takes the skeleton's place where it was.
 */

/** The own profile's page: the profile card, the stay, the item counts, the tabs and the settings. */
export const PROFILE_PAGE_CLASS = 'mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:py-10';
/** The profile card's colour band above the photo (decorative). */
export const PROFILE_BAND_CLASS = 'h-20 bg-gradient-to-r from-teal-700 via-teal-600 to-emerald-500 sm:h-24';
/** The card's body under the band. */
export const PROFILE_CARD_BODY_CLASS = 'grid gap-4 px-5 pb-5 sm:px-6';
/** The row of the photo (overlapping the band) and the actions. */
export const PROFILE_PHOTO_ROW_CLASS = '-mt-12 flex flex-wrap items-end justify-between gap-3';
/** The photo's size and frame. */
export const PROFILE_PHOTO_CLASS = 'size-24 border-4 border-card text-2xl shadow-md';
