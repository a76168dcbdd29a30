import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useExchanges } from '../api/get-exchanges';
import { RequestExchangeButton } from './request-exchange-button';

interface ItemExchangeActionProps {
  item: Item;
  viewerId: string;
  ownerName: string;
  ownItems: { data?: Item[]; isPending: boolean; isError: boolean };
}

/**
 * Item detail, for someone else's item: Request this item, or — once asked — where the request is (the chat).
 * A swapped or hidden item cannot be asked for.
 */
export function ItemExchangeAction({ item, viewerId, ownerName, ownItems }: ItemExchangeActionProps) {
  const { t } = useTranslation();
  const mine = useExchanges({ itemId: item.id });
  if (item.isSwapped) return null;
  if (mine.isPending) return <Skeleton className="h-12 rounded-lg" />;
  const open = mine.data?.find(
    (e) => e.requesterId === viewerId && (e.status === 'proposed' || e.status === 'accepted'),
  );
  if (open) {
    return (
      <div className="grid gap-2 rounded-xl border border-teal-200 bg-secondary/50 p-3 text-sm">
        <p className="font-medium">{t('exchanges.request.youRequested')}</p>
        <Link
          to={paths.messagesWith(item.userId, item.id)}
          className={buttonVariants({ variant: 'outline', size: 'lg' })}
        >
          <MessageCircle aria-hidden="true" />
          {t('exchanges.request.viewInChat')}
        </Link>
      </div>
    );
  }
  return <RequestExchangeButton item={item} ownerName={ownerName} ownItems={ownItems} />;
}
