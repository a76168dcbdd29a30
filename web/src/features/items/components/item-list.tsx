import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { EmptyState, QuerySection, SectionLoading } from '../../../components/section-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { ItemTile } from './item-tile';

interface ItemListProps {
  query: UseQueryResult<Item[]>;
  /** What an empty list says, and optionally a call to action. */
  emptyTitle: string;
  emptyDescription?: string;
  emptyAction?: ReactNode;
  /** Per-item buttons (Edit, admin Delete). */
  renderActions?: (item: Item) => ReactNode;
}

/** A grid of items with its loading skeleton, empty state, and an inline error with Try again. */
export function ItemList({ query, emptyTitle, emptyDescription, emptyAction, renderActions }: ItemListProps) {
  const { t } = useTranslation();
  return (
    <QuerySection
      query={query}
      loading={
        <SectionLoading className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((n) => (
            <div key={n} className="overflow-hidden rounded-xl border bg-card">
              <Skeleton className="aspect-[4/3] rounded-none" />
              <div className="grid gap-2 p-4">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </div>
          ))}
        </SectionLoading>
      }
      errorTitle={t('items.loadFailed')}
      isEmpty={(items) => items.length === 0}
      empty={
        <EmptyState icon={Package} title={emptyTitle} description={emptyDescription}>
          {emptyAction}
        </EmptyState>
      }
    >
      {(items) => (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <ItemTile item={item} actions={renderActions?.(item)} />
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}
