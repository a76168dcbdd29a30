import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@nomadswap/contracts/enums';
import { formatRating } from './star-rating';

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
