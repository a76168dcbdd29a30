import { describe, expect, it, vi } from 'vitest';
import { formatDate, prepareDateFormat } from './format';

describe('formatDate', () => {
  it('formats with the options asked for, each language and options with its own reused format', () => {
    const iso = '2026-03-05T12:00:00.000Z';
    expect(formatDate(iso, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(iso, 'en', { month: 'long' })).toBe('March');
    expect(formatDate(iso, 'de')).toBe('5. März 2026');
    expect(formatDate(iso, 'en')).toBe('Mar 5, 2026');
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDate(null, 'en')).toBe('');
  });

  it('prepareDateFormat creates the format in a later task, not in the caller’s', () => {
    vi.useFakeTimers();
    const created = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      prepareDateFormat('fr');
      expect(created).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(created).toHaveBeenCalledWith('fr', expect.any(Object));
      created.mockClear();
      expect(formatDate('2026-03-05T12:00:00.000Z', 'fr')).toBe('5 mars 2026');
      expect(created).not.toHaveBeenCalled();
    } finally {
      created.mockRestore();
      vi.useRealTimers();
    }
  });
});
