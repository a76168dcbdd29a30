import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { cn } from '../lib/utils';

/**
 * Whole stars out of 5 for a rating (0 shows five empty stars), announced as one image with its value.
 */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const { t, i18n } = useTranslation();
  const filled = Math.max(0, Math.min(LIMITS.ratingMax, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={t('rating.starsLabel', {
        rating: formatRating(rating, i18n.language),
        max: LIMITS.ratingMax,
      })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {Array.from({ length: LIMITS.ratingMax }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            'size-4',
            index < filled ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-slate-300',
          )}
        />
      ))}
    </span>
  );
}

/** The decimal sign of each language the app speaks, as Intl.NumberFormat writes it (star-rating.test pins it). */
const DECIMAL_SIGNS: Readonly<Record<string, string>> = { en: '.', es: ',', pt: ',', fr: ',', de: ',' };

/**
 * A rating with one decimal in the page's language ("4.5", "4,5"), as profiles show it. The five languages' decimal
 * sign is known, so the profile's first render creates no Intl.NumberFormat for it (its locale data costs tens of
 * milliseconds on a phone, issue 25); any other language gets one.
 */
export function formatRating(rating: number, language: string): string {
  const rounded = Math.round(rating * 10) / 10;
  const sign = DECIMAL_SIGNS[language.split('-')[0]!];
  if (sign) return rounded.toFixed(1).replace('.', sign);
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rounded,
  );
}
