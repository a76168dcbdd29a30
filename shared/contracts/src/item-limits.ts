/**
 * Limits of listings, apart from ./items.ts so that importing them does not bring in zod, whose schemas are built
 * when their module loads (the web app's first screens: issue 25).
 */

const HOUR = 3_600_000;

/** Listing deadlines (issue 22). */
export const ITEM_DEADLINE_LIMITS = {
  /** A deadline must be at least this far ahead of the server's clock when it is set. */
  minAheadMs: 60_000,
  /** …and at most this far (a year). */
  maxAheadMs: 365 * 24 * HOUR,
  /** Browse marks items whose deadline is this close ("Leaving in 3 days", "Leaving today"). */
  leavingSoonMs: 72 * HOUR,
  /** The owner is reminded this long before the deadline, once per moment. */
  remindersBeforeMs: [48 * HOUR, 6 * HOUR],
} as const;
