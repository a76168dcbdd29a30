import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleCheck, Package, Repeat, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { StatCard } from '../../../components/stat-card';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { cn } from '../../../lib/utils';

interface ItemStatCardsProps {
  query: UseQueryResult<Item[]>;
  /**
   * `profile`: Total Items, Swapped Items, Available Items. `admin`: Total Items, Available Items, the
   * `swapCount` card, Swapped Items (spec section 2).
   */
  variant: 'profile' | 'admin';
  swapCount?: ReactNode;
}

/** Counts of a user's items. Available = neither swapped nor expired (issue 22: an expired item is not listed). */
export function ItemStatCards({ query, variant, swapCount }: ItemStatCardsProps) {
  const { t, i18n } = useTranslation();
  const items = query.data ?? [];
  const swapped = items.filter((item) => item.isSwapped).length;
  const listed = items.filter((item) => !item.isSwapped && !item.expiredAt).length;

  const value = (n: number) =>
    query.isSuccess ? (
      formatNumber(n, i18n.language)
    ) : query.isPending ? (
      <Skeleton className="h-7 w-10" />
    ) : (
      // The count is unknown (the call failed); the note under the cards says so.
      <span aria-hidden="true">–</span>
    );

  const total = (
    <StatCard key="total" icon={Package} label={t('items.stats.total')}>
      {value(items.length)}
    </StatCard>
  );
  const swappedCard = (
    <StatCard key="swapped" icon={Repeat} label={t('items.stats.swapped')}>
      {value(swapped)}
    </StatCard>
  );
  const available = (
    <StatCard key="available" icon={CircleCheck} label={t('items.stats.available')}>
      {value(listed)}
    </StatCard>
  );
  const cards =
    variant === 'profile' ? [total, swappedCard, available] : [total, available, swapCount, swappedCard];

  return (
    <div className="grid gap-2">
      <div className={cn('grid gap-3', variant === 'profile' ? 'grid-cols-3' : 'grid-cols-2 lg:grid-cols-4')}>
        {cards}
      </div>
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          {t('items.statsUnavailable')}
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RotateCw aria-hidden="true" />
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
