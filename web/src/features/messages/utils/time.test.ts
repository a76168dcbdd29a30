import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockTime, dayLabel, listTime } from './time';

describe('chat times', () => {
  afterEach(() => vi.restoreAllMocks());

  const now = new Date('2026-11-26T15:00:00');

  it('formats the clock, the weekday within a week and the date beyond, in the page language', () => {
    expect(clockTime('2026-11-26T14:05:00', 'en')).toBe('2:05 PM');
    expect(clockTime('2026-11-26T14:05:00', 'de')).toBe('14:05');
    expect(listTime('2026-11-26T14:05:00', 'en', now)).toBe('2:05 PM');
    expect(listTime('2026-11-23T14:05:00', 'en', now)).toBe('Mon');
    expect(listTime('2026-11-02T14:05:00', 'en', now)).toBe('Nov 2');
    expect(listTime('2025-11-02T14:05:00', 'en', now)).toBe('Nov 2, 2025');
    expect(dayLabel('2026-11-20T10:00:00', 'en', now)).toEqual({ kind: 'date', text: 'Friday, November 20' });
  });

  it('creates no new Intl format when a render formats the same kinds of time again', () => {
    // Warm the shared formats, then count constructions over a second "render" of a thread and a list.
    const render = () => {
      for (const iso of [
        '2026-11-26T14:05:00',
        '2026-11-26T14:06:00',
        '2026-11-23T09:00:00',
        '2025-01-02T09:00:00',
      ]) {
        clockTime(iso, 'pt');
        listTime(iso, 'pt', now);
        dayLabel(iso, 'pt', now);
      }
    };
    render();
    const created = vi.spyOn(Intl, 'DateTimeFormat');
    render();
    expect(created).not.toHaveBeenCalled();
  });
});
