import { ArrowDownWideNarrow, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ItemSort } from '@nomadswap/contracts/items';
import { cn } from '../../../lib/utils';

/** Browse order: Newest (the default) or Leaving soon (issue 22). A pair of toggle buttons, kept in the URL by the page. */
export function BrowseSort({ value, onChange }: { value: ItemSort; onChange: (sort: ItemSort) => void }) {
  const { t } = useTranslation();
  const options = [
    { sort: 'newest' as const, label: t('deadlines.sortNewest'), Icon: ArrowDownWideNarrow },
    { sort: 'leaving-soon' as const, label: t('deadlines.sortLeavingSoon'), Icon: Clock },
  ];
  return (
    <div
      role="group"
      aria-label={t('deadlines.sortLabel')}
      className="inline-flex w-fit rounded-lg border bg-card p-1"
    >
      {options.map(({ sort, label, Icon }) => (
        <button
          key={sort}
          type="button"
          aria-pressed={value === sort}
          onClick={() => onChange(sort)}
          className={cn(
            'inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === sort ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
