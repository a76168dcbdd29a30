import { describe, expect, it } from 'vitest';
import { ITEM_DEADLINE_LIMITS } from '@nomadswap/contracts/items';
import { lastDayOf, localDate } from './deadline';

const HOUR = 3_600_000;
/** 23:59 of `day` in the zone furthest behind UTC (UTC−12): the latest instant a picked day can mean. */
const latestMomentOf = (day: string) => new Date(`${day}T23:59:00-12:00`).getTime();

describe('lastDayOf', () => {
  it.each([
    new Date(2026, 10, 25, 0, 1),
    new Date(2026, 10, 25, 12, 0),
    new Date(2026, 10, 25, 23, 59),
    new Date(2027, 1, 28, 23, 0),
  ])(
    'at %s offers a day whose 23:59 is within the server year in every zone, and no day less than 363 ahead',
    (now) => {
      const last = lastDayOf(now);
      expect(latestMomentOf(last)).toBeLessThanOrEqual(now.getTime() + ITEM_DEADLINE_LIMITS.maxAheadMs);
      const daysAhead =
        (new Date(`${last}T12:00`).getTime() - new Date(`${localDate(now)}T12:00`).getTime()) / (24 * HOUR);
      expect(Math.round(daysAhead)).toBe(363);
    },
  );
});
