import { Skeleton } from '../components/ui/skeleton';
import {
  PROFILE_BAND_CLASS,
  PROFILE_CARD_BODY_CLASS,
  PROFILE_PAGE_CLASS,
  PROFILE_PHOTO_CLASS,
  PROFILE_PHOTO_ROW_CLASS,
} from '../features/users/components/profile-layout';

/** A card's box (components/ui/card.tsx). */
const CARD_CLASS = 'rounded-xl border bg-card shadow-sm';

/*
 * `/profile`'s frame in the early skeleton (./early-skeleton.tsx), in the page's own boxes: the profile card with
 * its colour band and the photo's circle, the stay's card, the three item counts and the tabs' bar. Wordless: it
 * is the same in every language.
 */
export function EarlyProfileFrame() {
  return (
    <div className={PROFILE_PAGE_CLASS}>
      <div className={`${CARD_CLASS} overflow-hidden`}>
        <div className={PROFILE_BAND_CLASS} />
        <div className={PROFILE_CARD_BODY_CLASS}>
          <div className={PROFILE_PHOTO_ROW_CLASS}>
            <div className={`${PROFILE_PHOTO_CLASS} rounded-full bg-muted`} />
            <Skeleton className="h-9 w-32" />
          </div>
          <div className="grid gap-1">
            <Skeleton className="h-8 w-56 max-w-full" />
            <Skeleton className="h-6 w-32" />
          </div>
          {/* Where they are, their rating, their swaps: one row when there is room. */}
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <Skeleton className="h-5 w-36" />
            <Skeleton className="h-5 w-44" />
            <Skeleton className="h-5 w-40" />
          </div>
          <Skeleton className="h-5 w-80 max-w-full" />
        </div>
      </div>
      {/* The stay's card: its title and button, the in-transit switch's box, the stay. */}
      <div className={CARD_CLASS}>
        <div className="flex items-center justify-between gap-2 p-5">
          <Skeleton className="h-7 w-28" />
          <Skeleton className="h-9 w-28" />
        </div>
        <div className="grid gap-4 p-5 pt-0">
          <div className="h-[6.75rem] rounded-lg border sm:h-[4.25rem]" />
          <Skeleton className="h-5 w-32" />
        </div>
      </div>
      <div className="grid grid-cols-3 gap-3">
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} className="h-[4.5rem] rounded-xl sm:h-[5.375rem]" />
        ))}
      </div>
      <Skeleton className="h-11 w-full rounded-lg" />
    </div>
  );
}
