import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { formatRating } from '../lib/format';
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
