import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, type Category } from '@nomadswap/contracts/enums';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

/** One colour per item category (spec section 2, Browse); anything else gets the neutral outline. */
const CATEGORY_COLOURS: Record<Category, string> = {
  Electronics: 'bg-sky-100 text-sky-800',
  Clothing: 'bg-pink-100 text-pink-800',
  Books: 'bg-amber-100 text-amber-900',
  'Travel Gear': 'bg-teal-100 text-teal-800',
  Sports: 'bg-orange-100 text-orange-800',
  Music: 'bg-violet-100 text-violet-800',
  'Home & Garden': 'bg-lime-100 text-lime-800',
  'Art & Crafts': 'bg-rose-100 text-rose-800',
};

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** A category's name in the page's language (the API's English value when it is not one of ours). */
export function categoryName(t: TFunction, category: string): string {
  return isCategory(category) ? t(`categoryNames.${category}`) : category;
}

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  const { t } = useTranslation();
  const colour = isCategory(category) ? CATEGORY_COLOURS[category] : null;
  return (
    <Badge
      variant={colour ? 'secondary' : 'outline'}
      className={cn(colour && `border-transparent ${colour}`, className)}
    >
      {categoryName(t, category)}
    </Badge>
  );
}
