import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@nomadswap/contracts/enums';
import { formatDate, formatNumber, formatRating, prepareDateFormat } from './format';

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

describe('formatNumber', () => {
  it('formats in each language, creating one format per language, reused', () => {
    const Original = Intl.NumberFormat;
    const created: string[] = [];
    // A counting subclass (a spy's instance would not be a real format).
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        created.push(String(args[0]));
      }
    }
    Intl.NumberFormat = Counting as typeof Intl.NumberFormat;
    try {
      expect(formatNumber(1234.5, 'en-GB')).toBe('1,234.5');
      expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
      expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
      expect(created).toEqual(['en-GB', 'de-DE']);
      // A count from 0 to 999 needs no format (and no locale data): none is created for it.
      expect(formatNumber(7, 'fr-FR')).toBe('7');
      expect(formatNumber(999, 'pt-PT')).toBe('999');
      expect(created).toEqual(['en-GB', 'de-DE']);
      expect(formatNumber(1000, 'de')).toBe('1.000');
      expect(formatNumber(-1, 'es')).toBe('-1');
      expect(formatNumber(2.5, 'fr')).toBe('2,5');
      expect(created).toEqual(['en-GB', 'de-DE', 'de', 'es', 'fr']);
    } finally {
      Intl.NumberFormat = Original;
    }
  });

  it('writes 0 to 999 exactly as Intl.NumberFormat does in each of the five languages', () => {
    for (const language of ['en', 'es', 'pt', 'fr', 'de']) {
      const format = new Intl.NumberFormat(language);
      for (let n = 0; n < 1000; n++) expect(formatNumber(n, language)).toBe(format.format(n));
    }
  });
});

describe('formatRating', () => {
  it('writes every rating from 0.0 to 5.0 as Intl.NumberFormat does, in each of the five languages', () => {
    for (const language of LANGUAGES) {
      const format = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      for (let tenths = 0; tenths <= 50; tenths++) {
        expect(formatRating(tenths / 10, language)).toBe(format.format(tenths / 10));
      }
    }
  });

  it('rounds to one decimal, with the language’s decimal sign', () => {
    expect(formatRating(4.25, 'en')).toBe('4.3');
    expect(formatRating(4.25, 'de')).toBe('4,3');
    expect(formatRating(4.25, 'pt-BR')).toBe('4,3');
    expect(formatRating(4.04, 'fr')).toBe('4,0');
    expect(formatRating(0, 'es')).toBe('0,0');
  });

  it('any other language gets Intl’s own format', () => {
    expect(formatRating(4.5, 'ar-EG')).toBe(
      new Intl.NumberFormat('ar-EG', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.5),
    );
  });
});
