/**
 * The names and limits of exchanges the web app's first screens use, apart from ./exchanges.ts so that importing
 * them does not bring in zod (whose schemas are built when their module loads).
 */

/**
 * A swap as an agreement between two people (issue 20). The lifecycle lives in one module of the messaging
 * service (`domain/exchange-process.ts`); these are the names every service and the web app share.
 *
 *   proposed ──accept──▶ accepted ──both confirm──▶ completed
 *      │                    │
 *      ├─decline/withdraw   ├─cancel / it didn't happen ─▶ cancelled
 *      └─14 days ─▶ expired └─no-show (after the meetup) ─▶ no_show
 */
export const EXCHANGE_STATUSES = [
  'proposed',
  'accepted',
  'completed',
  'declined',
  'withdrawn',
  'cancelled',
  'no_show',
  'expired',
] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/** Statuses an exchange can still leave. */
export const OPEN_EXCHANGE_STATUSES = ['proposed', 'accepted'] as const satisfies readonly ExchangeStatus[];
/** The side exits: the exchange ended without a swap. */
export const ENDED_EXCHANGE_STATUSES = [
  'declined',
  'withdrawn',
  'cancelled',
  'no_show',
  'expired',
] as const satisfies readonly ExchangeStatus[];

export function isOpenExchangeStatus(status: ExchangeStatus): boolean {
  return (OPEN_EXCHANGE_STATUSES as readonly ExchangeStatus[]).includes(status);
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const EXCHANGE_LIMITS = {
  /** Items of their own a requester may offer in return. */
  offeredItemsMax: 3,
  messageMax: 1000,
  placeMin: 3,
  placeMax: 120,
  noteMax: 300,
  reasonMax: 300,
  /** A proposal nobody answers expires. */
  proposalExpiresMs: 14 * DAY,
  /** One side confirmed and the other said nothing: it completes (it had been accepted by both). */
  confirmWindowMs: 72 * HOUR,
  /** The meetup reminder goes out this long before the agreed time, the "did it happen?" prompt this long after. */
  reminderBeforeMs: 2 * HOUR,
  promptAfterMs: 2 * HOUR,
  /** A meetup may be set at most this far ahead. */
  meetupMaxAheadMs: 365 * DAY,
  /** Reviews of a completed exchange are revealed when both are in, or this long after completion. */
  reviewRevealMs: 14 * DAY,
  /** "Completed N of M arranged swaps" shows once M reaches this. */
  reliabilityMinArranged: 3,
} as const;
