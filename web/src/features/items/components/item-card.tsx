import { useId, type ReactNode } from 'react';
import { Lock, MapPin, MessageCircle, Pencil } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ListedItem } from '@nomadswap/contracts/responses';
import { isFullItem } from '@nomadswap/contracts/listed-item';
import { paths } from '../../../config/paths';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { CategoryBadge } from './category-badge';
import { FavoriteButton } from './favorite-button';
import { ItemCover } from './item-cover';
import { LeavingBadge } from './leaving-badge';
import { OwnerSummary } from './owner-summary';
import { SwappedCheckbox } from './swapped-checkbox';
import { displayPlaceLabel } from '../../../lib/place-label';

/** Who is looking: null for a visitor. */
export interface ItemViewer {
  id: string;
  isApproved: boolean;
}

/**
 * A browse card (spec section 2, Browse). What it offers depends on the viewer: owners mark the item
 * swapped and edit it; approved users open it, favourite it and start a chat; unapproved users see a
 * dimmed card with a disabled 'Approval Required' button; visitors are asked to log in. Visitors and
 * unapproved users receive the card view of other people's items (no owner id, no photo states).
 */
export function ItemCard({
  item,
  viewer,
  priority = false,
}: {
  item: ListedItem;
  viewer: ItemViewer | null;
  /** The first card of a page: its photo is the LCP element (see ItemCover). */
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const full = isFullItem(item) ? item : null;
  const isOwner = viewer !== null && full !== null && viewer.id === full.userId;
  const approved = viewer?.isApproved ?? false;
  const canOpen = approved || isOwner;
  const dimmed = viewer !== null && !approved && !isOwner;

  const explainLogIn = () =>
    toast({
      title: t('itemCard.logInToSeeDetails'),
      description: t('itemCard.logInToSeeDetailsBody'),
    });

  const linkClass =
    'rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  // Dimmed for unapproved viewers (spec): the photo fades, the text keeps its contrast (WCAG AA, axe).
  const cover = (
    <div className={cn('aspect-[4/3] overflow-hidden bg-muted', dimmed && 'opacity-60 grayscale')}>
      <ItemCover item={item} priority={priority} />
    </div>
  );

  let actions: ReactNode;
  if (isOwner) {
    actions = (
      <div className="flex items-center justify-between gap-2">
        <SwappedCheckbox item={full} />
        <Link to={paths.editItem(item.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Pencil aria-hidden="true" />
          {t('itemCard.edit')}
        </Link>
      </div>
    );
  } else if (approved && full) {
    actions = (
      <Link
        to={paths.messagesWith(full.userId, full.id)}
        className={buttonVariants({ size: 'sm', className: 'w-full' })}
      >
        <MessageCircle aria-hidden="true" />
        {t('itemCard.startChat')}
      </Link>
    );
  } else if (viewer) {
    actions = (
      <Button size="sm" variant="secondary" className="w-full" disabled>
        <Lock aria-hidden="true" />
        {t('msg.approvalRequired')}
      </Button>
    );
  } else {
    actions = (
      <Link
        to={paths.login}
        className={buttonVariants({ size: 'sm', variant: 'outline', className: 'w-full' })}
      >
        {t('itemCard.signInToChat')}
      </Link>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md',
        dimmed && 'border-dashed shadow-none hover:shadow-none',
      )}
    >
      <div className="relative">
        {canOpen ? (
          <Link to={paths.item(item.id)} tabIndex={-1} aria-hidden="true">
            {cover}
          </Link>
        ) : viewer ? (
          cover
        ) : (
          // A visitor's tap on the photo says why nothing opens (the title button does the same for keyboards).
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="block w-full"
            onClick={explainLogIn}
          >
            {cover}
          </button>
        )}
        {full?.isSwapped ? (
          <Badge variant="secondary" className="absolute left-2 top-2 shadow-sm">
            {t('items.swapped')}
          </Badge>
        ) : item.isReserved ? (
          <Badge variant="warning" className="absolute left-2 top-2 shadow-sm">
            {viewer && full?.reservedFor === viewer.id
              ? t('exchanges.reservedForYou')
              : t('exchanges.reserved')}
          </Badge>
        ) : null}
        {viewer && !isOwner ? (
          <FavoriteButton
            itemId={item.id}
            initial={full?.isFavorited ?? false}
            approved={approved}
            variant="card"
            className="absolute right-2 top-2 shadow-sm"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="line-clamp-1 font-semibold wrap-anywhere">
          {canOpen ? (
            <Link to={paths.item(item.id)} className={linkClass}>
              {item.title}
            </Link>
          ) : viewer ? (
            item.title
          ) : (
            <button type="button" className={cn(linkClass, 'text-left')} onClick={explainLogIn}>
              {item.title}
            </button>
          )}
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground wrap-anywhere">{item.description}</p>
        <div className="flex flex-wrap gap-1.5">
          <CategoryBadge category={item.category} />
          <Badge variant="outline">{t(`conditionNames.${item.condition}`)}</Badge>
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{displayPlaceLabel(item.location, i18n.language)}</span>
        </p>
        {full?.isSwapped ? null : <LeavingBadge availableUntil={item.availableUntil} className="w-fit" />}
        <div className="mt-auto grid gap-3 border-t pt-3">
          <OwnerSummary owner={item.user} linked={approved} />
          {actions}
        </div>
      </div>
    </article>
  );
}

/** The loading stand-in of one card (browse shows 8). */
export function ItemCardSkeleton() {
  return (
    <div data-testid="item-card-skeleton" className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <div className="flex gap-2">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
        <div className="mt-2 flex items-center gap-2">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-28" />
        </div>
      </div>
    </div>
  );
}
