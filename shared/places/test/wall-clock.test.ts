import { describe, expect, it } from 'vitest';
import { dateIn, endOfDayIn, offsetAt, startOfDayIn } from '../src/wall-clock';

describe('endOfDayIn', () => {
  it.each([
    // Winter and summer in Lisbon (UTC+0 / UTC+1).
    ['2026-01-15', 'Europe/Lisbon', '2026-01-15T23:59:00.000Z'],
    ['2026-07-15', 'Europe/Lisbon', '2026-07-15T22:59:00.000Z'],
    // The days the clocks change: 29 March 2026 (01:00 UTC, → UTC+1) and 25 October 2026 (→ UTC+0).
    ['2026-03-29', 'Europe/Lisbon', '2026-03-29T22:59:00.000Z'],
    ['2026-10-25', 'Europe/Lisbon', '2026-10-25T23:59:00.000Z'],
    // The day before each change still has the old offset.
    ['2026-03-28', 'Europe/Lisbon', '2026-03-28T23:59:00.000Z'],
    ['2026-10-24', 'Europe/Lisbon', '2026-10-24T22:59:00.000Z'],
    // New York's change days (8 March and 1 November 2026), a zone behind UTC.
    ['2026-03-08', 'America/New_York', '2026-03-09T03:59:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-02T04:59:00.000Z'],
    // Half-hour and no-DST zones; a date whose 23:59 is the previous day in UTC.
    ['2026-12-20', 'Asia/Kolkata', '2026-12-20T18:29:00.000Z'],
    ['2026-12-20', 'Asia/Bangkok', '2026-12-20T16:59:00.000Z'],
    ['2026-12-20', 'Pacific/Kiritimati', '2026-12-20T09:59:00.000Z'],
    ['2026-12-20', 'UTC', '2026-12-20T23:59:00.000Z'],
    // Sydney's summer time ends 5 April 2026 (UTC+11 → UTC+10).
    ['2026-04-05', 'Australia/Sydney', '2026-04-05T13:59:00.000Z'],
    ['2026-04-04', 'Australia/Sydney', '2026-04-04T12:59:00.000Z'],
  ])('%s in %s ends at %s', (date, zone, expected) => {
    expect(endOfDayIn(date, zone).toISOString()).toBe(expected);
  });

  it('reads 23:59 on the wall clock of the zone', () => {
    const instant = endOfDayIn('2026-03-29', 'Europe/Lisbon');
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Lisbon',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(instant);
    expect(wall).toBe('29/03/2026, 23:59');
  });

  it('refuses an unknown zone and text that is not a date', () => {
    expect(() => endOfDayIn('2026-03-29', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => endOfDayIn('29/03/2026', 'UTC')).toThrow(RangeError);
  });

  it('offsetAt answers the zone offset in ms', () => {
    expect(offsetAt(Date.UTC(2026, 6, 1), 'Europe/Lisbon')).toBe(3_600_000);
    expect(offsetAt(Date.UTC(2026, 0, 1), 'America/New_York')).toBe(-5 * 3_600_000);
  });
});

describe('startOfDayIn and dateIn', () => {
  it('starts a day at 00:00 on the wall clock of the zone (Bangkok is UTC+7: the day before in UTC)', () => {
    expect(startOfDayIn('2026-12-20', 'Asia/Bangkok').toISOString()).toBe('2026-12-19T17:00:00.000Z');
    expect(startOfDayIn('2026-12-20', 'UTC').toISOString()).toBe('2026-12-20T00:00:00.000Z');
  });

  it('names the day the zone shows: near midnight UTC it is already the next day in Bangkok', () => {
    const instant = new Date('2026-11-25T17:30:00.000Z');
    expect(dateIn(instant, 'Asia/Bangkok')).toBe('2026-11-26');
    expect(dateIn(instant, 'UTC')).toBe('2026-11-25');
    expect(dateIn(new Date('2026-11-25T16:59:59.000Z'), 'Asia/Bangkok')).toBe('2026-11-25');
  });
});
