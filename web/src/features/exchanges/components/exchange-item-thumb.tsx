import { Package } from 'lucide-react';
import type { ChatItem } from '@nomadswap/contracts/messaging-responses';
import { cn } from '../../../lib/utils';

/** An item's photo as the chat knows it, or a parcel when it has none. */
export function ExchangeItemThumb({
  item,
  className,
}: {
  item: Pick<ChatItem, 'image'> | null;
  className?: string;
}) {
  if (item?.image) {
    return (
      <img src={item.image} alt="" className={cn('size-12 shrink-0 rounded-md object-cover', className)} />
    );
  }
  return (
    <span
      className={cn('flex size-12 shrink-0 items-center justify-center rounded-md bg-secondary', className)}
      aria-hidden="true"
    >
      <Package className="size-5 text-secondary-foreground" />
    </span>
  );
}
