import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ALL_CATEGORIES, SEARCH_BAR_CATEGORIES } from '@nomadswap/contracts/enums';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

export interface SearchValues {
  q: string;
  /** '' for All Categories (it sends an empty category). */
  category: string;
}

interface SearchBarProps {
  initial: SearchValues;
  onSearch: (values: SearchValues) => void;
  className?: string;
}

/**
 * The search text box and the seven category buttons of home and browse. A category button searches at
 * once with the text typed so far; the text searches on Enter or the Search button.
 */
export function SearchBar({ initial, onSearch, className }: SearchBarProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState(initial.q);
  const category = initial.category;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: q.trim(), category });
  };

  return (
    <div className={cn('grid gap-3', className)}>
      <form role="search" onSubmit={onSubmit} className="flex gap-2">
        <div className="relative flex-1">
          {/* On a phone the submit button already shows the magnifier; the placeholder gets its room. */}
          <Search
            className="pointer-events-none absolute left-3 top-1/2 hidden size-4 -translate-y-1/2 text-muted-foreground sm:block"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            className="h-11 max-sm:placeholder:text-[15px] sm:pl-9"
            enterKeyHint="search"
          />
        </div>
        {/* On a phone the button is an icon, so the placeholder stays readable at 390 px. */}
        <Button type="submit" className="h-11 px-3 sm:px-4" aria-label={t('search.submit')}>
          <Search aria-hidden="true" className="sm:hidden" />
          <span className="hidden sm:inline">{t('search.submit')}</span>
        </Button>
      </form>
      <div
        role="group"
        aria-label={t('search.categoriesLabel')}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {SEARCH_BAR_CATEGORIES.map((name) => {
          const value = name === ALL_CATEGORIES ? '' : name;
          const active = category === value;
          return (
            <Button
              key={name}
              size="sm"
              variant={active ? 'default' : 'outline'}
              aria-pressed={active}
              className="shrink-0 rounded-full"
              onClick={() => onSearch({ q: q.trim(), category: value })}
            >
              {name === ALL_CATEGORIES ? t('search.allCategories') : t(`categoryNames.${name}`)}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
