import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { leavingInDays, tomorrowOf } from '../utils/deadline';
import { LeavingBadge, OwnerLeavingBadge } from './leaving-badge';

const HOUR = 3_600_000;
// A fixed local moment: 25 Nov 2026, 10:00 on the test machine's calendar.
const now = new Date(2026, 10, 25, 10, 0);
const ahead = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('LeavingBadge', () => {
  it.each([
    ['later today', ahead(2 * HOUR), 'Leaving today'],
    ['tomorrow', ahead(20 * HOUR), 'Leaving tomorrow'],
    ['in 2 days', ahead(60 * HOUR), 'Leaving in 2 days'],
    ['exactly 72 h ahead', ahead(72 * HOUR), 'Leaving in 3 days'],
  ])('an item leaving %s says so', (_name, availableUntil, text) => {
    render(<LeavingBadge availableUntil={availableUntil} now={now} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    ['72 h and 1 ms ahead', ahead(72 * HOUR + 1)],
    ['at its deadline', ahead(0)],
    ['past its deadline', ahead(-HOUR)],
    ['with no deadline', null],
  ])('an item %s shows nothing', (_name, availableUntil) => {
    const { container } = render(<LeavingBadge availableUntil={availableUntil} now={now} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('OwnerLeavingBadge (issue 22)', () => {
  it.each([
    ['later today', ahead(2 * HOUR), 'Leaving today'],
    ['tomorrow', ahead(20 * HOUR), 'Leaving tomorrow'],
    ['in 3 days', ahead(72 * HOUR + 1), 'Leaving in 3 days'],
    ['exactly 7 days ahead', ahead(7 * 24 * HOUR), 'Leaving in 7 days'],
  ])('an owner whose stay in the item city ends %s: says so', (_name, leavingAt, text) => {
    render(<OwnerLeavingBadge owner={{ leavingAt }} now={now} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    ['7 days and 1 ms ahead', { leavingAt: ahead(7 * 24 * HOUR + 1) }],
    ['already left', { leavingAt: ahead(-HOUR) }],
    ['with no stay in the item city', {}],
  ])('an owner leaving %s: nothing', (_name, owner) => {
    const { container } = render(<OwnerLeavingBadge owner={owner} now={now} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('deadline dates', () => {
  it('counts calendar days, not 24 h blocks', () => {
    expect(leavingInDays(new Date(2026, 10, 26, 0, 30).toISOString(), new Date(2026, 10, 25, 23, 0))).toBe(1);
    expect(leavingInDays(new Date(2026, 10, 25, 23, 59).toISOString(), new Date(2026, 10, 25, 0, 1))).toBe(0);
  });

  it('tomorrow crosses months and years', () => {
    expect(tomorrowOf(new Date(2026, 11, 31, 23, 0))).toBe('2027-01-01');
    expect(tomorrowOf(new Date(2026, 10, 30, 8, 0))).toBe('2026-12-01');
  });
});
