import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { cn } from '../../../lib/utils';

const LABEL_KEYS = ['poor', 'fair', 'good', 'veryGood', 'excellent'] as const;

interface StarPickerProps {
  value: number | undefined;
  onChange: (rating: number) => void;
  legend: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * 1–5 stars as a native radio group (spec section 2, Review): arrow keys move and select, Tab leaves the
 * group; hovering or focusing a star shows its label (Poor … Excellent).
 */
export function StarPicker({ value, onChange, legend, invalid, describedBy }: StarPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const [hovered, setHovered] = useState<number | undefined>(undefined);
  const shown = hovered ?? value;
  const labelOf = (rating: number) => t(`reviewForm.ratingLabels.${LABEL_KEYS[rating - 1]!}`);

  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onMouseLeave={() => setHovered(undefined)}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div role="radiogroup" aria-label={legend} className="flex gap-1">
          {Array.from({ length: LIMITS.ratingMax }, (_, index) => {
            const rating = index + 1;
            const filled = shown !== undefined && rating <= shown;
            return (
              <label
                key={rating}
                className="cursor-pointer rounded-md p-1 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                onMouseEnter={() => setHovered(rating)}
              >
                <input
                  type="radio"
                  name={name}
                  value={rating}
                  checked={value === rating}
                  onChange={() => {
                    setHovered(undefined);
                    onChange(rating);
                  }}
                  aria-label={t('reviewForm.starOption', { count: rating, label: labelOf(rating) })}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={cn(
                    'size-9 transition-colors sm:size-10',
                    filled ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-slate-300',
                  )}
                />
              </label>
            );
          })}
        </div>
        <span className="min-w-24 text-sm font-medium text-muted-foreground" aria-live="polite">
          {shown ? labelOf(shown) : t('reviewForm.pickRating')}
        </span>
      </div>
    </fieldset>
  );
}
