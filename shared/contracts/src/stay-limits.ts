/**
 * Limits of stays (issue 22), apart from ./stays.ts so that importing them does not bring in zod, whose schemas
 * are built when their module loads (the web app's first screens: issue 25).
 */

const DAY = 86_400_000;

/** Stays (issue 22): where a user is until when, and where they go next. */
export const STAY_LIMITS = {
  /** The last day of a stay and the first of the next are at most this far ahead of the server's clock. */
  maxAheadMs: 365 * DAY,
  /** Cards and item detail show "Leaving in 3 days" beside an owner whose stay in the item's city ends this soon. */
  ownerLeavingSoonMs: 7 * DAY,
  locationMax: 120,
} as const;
