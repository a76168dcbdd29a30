import { ITEM_DEADLINE_LIMITS } from '@nomadswap/contracts/item-limits';

const DAY_MS = 86_400_000;

/** A day of the viewer's calendar as a date input holds it ('2026-11-25'). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day an owner may pick: tomorrow, on the viewer's calendar. */
export function tomorrowOf(now: Date): string {
  return localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

/**
 * The last day an owner may pick: a year ahead less two days. A day means 23:59 in the item's city's time zone,
 * which may be up to a day behind the viewer's; two days' margin keeps that moment within the server's year
 * (`ITEM_DEADLINE_LIMITS.maxAheadMs`) wherever the city is.
 */
export function lastDayOf(now: Date): string {
  return localDate(new Date(now.getTime() + ITEM_DEADLINE_LIMITS.maxAheadMs - 2 * DAY_MS));
}

/**
 * How many calendar days (the viewer's) until an item leaves, when it leaves within 72 h (0: today); null when it
 * has no deadline, has passed it, or leaves later. Computed here from `availableUntil`, not sent by the server:
 * browse pages are cached between writes, and "within 72 h" changes with the clock, not with writes. `withinMs`:
 * another window (an owner's departure is shown 7 days ahead, issue 22).
 */
export function leavingInDays(
  availableUntil: string | null | undefined,
  now: Date,
  withinMs: number = ITEM_DEADLINE_LIMITS.leavingSoonMs,
): number | null {
  if (!availableUntil) return null;
  const at = new Date(availableUntil);
  const ahead = at.getTime() - now.getTime();
  if (Number.isNaN(ahead) || ahead <= 0 || ahead > withinMs) return null;
  const startOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return Math.round((startOf(at) - startOf(now)) / DAY_MS);
}
