import { useState, type ReactNode } from 'react';
import { CalendarDays, Flag, Lock, MapPin, MessageCircle, Pencil, Repeat } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { formatRating } from '../../../lib/format';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { CategoryBadge } from './category-badge';
import { ITEM_DETAIL_CLASS, ITEM_FACTS_CLASS } from './item-page-layout';
import { LeavingBadge, OwnerLeavingBadge } from './leaving-badge';
import { FavoriteButton } from './favorite-button';
import { ItemGallery } from './item-gallery';
import type { ItemViewer } from './item-card';
import { SafetyDialog } from './safety-dialog';
import { SwappedCheckbox } from './swapped-checkbox';
import { displayPlaceLabel } from '../../../lib/place-label';

interface ItemDetailProps {
  item: Item;
  viewer: ItemViewer;
  /** Beside Message Owner, for someone else's item: Request this item (the route brings it from exchanges). */
  requestAction?: ReactNode;
  /** Under the owner's controls: the open requests for the item with Accept / Decline. */
  ownerPanel?: ReactNode;
}

/** `/item/:id` content (spec section 2, Item detail). */
export function ItemDetail({ item, viewer, requestAction, ownerPanel }: ItemDetailProps) {
  const { t, i18n } = useTranslation();
  const [safetyOpen, setSafetyOpen] = useState(false);
  const isOwner = viewer.id === item.userId;
  const owner = item.user;

  return (
    <div className={ITEM_DETAIL_CLASS}>
      <ItemGallery item={item} />
      <div className={ITEM_FACTS_CLASS}>
        <div className="flex items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
            {item.title}
          </h1>
          {!isOwner ? (
            <FavoriteButton
              itemId={item.id}
              initial={item.isFavorited ?? false}
              approved={viewer.isApproved}
              variant="detail"
              className="shrink-0"
            />
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <CategoryBadge category={item.category} />
          <Badge variant="outline">{t(`conditionNames.${item.condition}`)}</Badge>
          {item.isSwapped ? <Badge variant="secondary">{t('items.swapped')}</Badge> : null}
          {!item.isSwapped && item.isReserved ? (
            <Badge variant="warning">
              <Lock aria-hidden="true" />
              {item.reservedFor === viewer.id ? t('exchanges.reservedForYou') : t('exchanges.reserved')}
            </Badge>
          ) : null}
          {item.expiredAt ? <Badge variant="secondary">{t('deadlines.expired')}</Badge> : null}
          {!item.isSwapped && !item.expiredAt ? <LeavingBadge availableUntil={item.availableUntil} /> : null}
        </div>
        <div className="grid gap-1 text-sm text-muted-foreground">
          <p className="flex items-center gap-1.5">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">{displayPlaceLabel(item.location, i18n.language)}</span>
          </p>
          <p className="flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            {t('itemDetail.listedOn', { date: formatDate(item.createdAt, i18n.language) })}
          </p>
        </div>
        <section aria-labelledby="item-description-title" className="grid gap-1">
          <h2 id="item-description-title" className="font-semibold">
            {t('itemDetail.description')}
          </h2>
          <p className="whitespace-pre-line wrap-anywhere">{item.description}</p>
        </section>
        {item.preferredExchange ? (
          <section
            aria-labelledby="item-exchange-title"
            className="grid gap-1 rounded-xl border border-teal-200 bg-secondary/60 p-4"
          >
            <h2 id="item-exchange-title" className="flex items-center gap-1.5 font-semibold">
              <Repeat className="size-4" aria-hidden="true" />
              {t('itemDetail.preferredExchange')}
            </h2>
            <p className="text-sm wrap-anywhere">{item.preferredExchange}</p>
          </section>
        ) : null}

        <section aria-labelledby="listed-by-title" className="grid gap-3 rounded-xl border bg-card p-4">
          <h2 id="listed-by-title" className="text-sm font-semibold text-muted-foreground">
            {t('itemDetail.listedBy')}
          </h2>
          {owner ? <ListedBy owner={owner} linked={viewer.isApproved} /> : <p>{t('profile.unknownUser')}</p>}
        </section>

        {isOwner ? (
          <>
            <div className="rounded-xl border bg-card p-4">
              <SwappedCheckbox item={item} />
            </div>
            <Link to={paths.editItem(item.id)} className={buttonVariants({ size: 'lg' })}>
              <Pencil aria-hidden="true" />
              {t('itemDetail.editItem')}
            </Link>
            {ownerPanel}
          </>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              {requestAction}
              <Button
                size="lg"
                variant={requestAction ? 'outline' : 'default'}
                onClick={() => setSafetyOpen(true)}
              >
                <MessageCircle aria-hidden="true" />
                {t('itemDetail.messageOwner')}
              </Button>
            </div>
            <SafetyDialog
              open={safetyOpen}
              onOpenChange={setSafetyOpen}
              ownerId={item.userId}
              itemId={item.id}
            />
            <Link
              to={paths.reportItem(item.id)}
              className="inline-flex w-fit items-center gap-1 justify-self-center rounded text-sm text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Flag aria-hidden="true" className="size-4" />
              {t('report.reportListing')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

function ListedBy({ owner, linked }: { owner: NonNullable<Item['user']>; linked: boolean }) {
  const { t, i18n } = useTranslation();
  const body = (
    <>
      <Avatar src={owner.avatar} name={owner.fullName} className="size-12" />
      <span className="grid min-w-0">
        <span className="truncate font-semibold">{owner.fullName}</span>
        <span className="truncate text-sm text-muted-foreground">@{owner.username}</span>
        <span className="text-sm">
          {owner.rating > 0 ? `★ ${formatRating(owner.rating, i18n.language)}` : t('itemDetail.newMember')}{' '}
          <span className="text-muted-foreground">
            {t('itemCard.reviewCount', { count: owner.reviewCount })}
          </span>
        </span>
        <OwnerLeavingBadge owner={owner} />
      </span>
    </>
  );
  return linked ? (
    <Link
      to={paths.user(owner.id)}
      className="flex items-center gap-3 rounded-lg hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {body}
    </Link>
  ) : (
    <div className="flex items-center gap-3">{body}</div>
  );
}
