import { useDeferredValue } from 'react';
import { ArrowLeft, PackageX, ShieldAlert } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { QueryClient } from '@tanstack/react-query';
import type { Item, UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { AuthRequired } from '../components/auth-required';
import { PageMessage } from '../components/page-message';
import { SectionError } from '../components/section-states';
import { buttonVariants } from '../components/ui/button';
import { isApiError, isNotFoundError, isRetryableError } from '../lib/api-client';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { currentUserQueryOptions, useCurrentUser } from '../features/auth/api/get-current-user';
import { itemQueryOptions, useItem } from '../features/items/api/get-item';
import { ItemExchangeAction } from '../features/exchanges/components/item-exchange-action';
import { ItemRequestsSection } from '../features/exchanges/components/item-requests';
import { useUserItems } from '../features/items/api/get-user-items';
import { ItemDetail } from '../features/items/components/item-detail';
import { ITEM_PAGE_CLASS } from '../features/items/components/item-page-layout';
import { i18n } from '../i18n';
import { prepareDateFormat } from '../lib/format';

// The page shows the listing date: its format is created now, in a task of its own, not in the render that
// shows the item (lib/format).
prepareDateFormat(i18n.language);

/**
 * The page's first data in the cache (the early reads answer both calls, early/early-reads.ts), so that its first
 * render shows the item instead of the skeleton (app/router.tsx preloadItemPage). Never rejects.
 */
export function prefetchItemPage(queryClient: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(currentUserQueryOptions()),
    queryClient.prefetchQuery(itemQueryOptions(id)),
  ]);
}

/** `/item/:id`: approved users, and owners for their own items (spec sections 2 and 6). */
export default function ItemRoute() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const { id = '' } = useParams();
  if (isLoading)
    return (
      <>
        <GenericItemTitle />
        <PageSkeleton />
      </>
    );
  if (!user)
    return (
      <>
        <GenericItemTitle />
        <AuthRequired description={t('itemDetail.loginRequired')} />
      </>
    );
  return <ItemPage id={id} user={user} />;
}

/**
 * "Item" as the tab's title until the item is known. Not in ItemRoute itself: a parent's effect runs after its
 * child's, so the route's generic title would overwrite the item's own (ItemPage).
 */
function GenericItemTitle() {
  const { t } = useTranslation();
  usePageMeta({ title: t('itemDetail.pageTitle') });
  return null;
}

function ItemPage({ id, user }: { id: string; user: UserSelf }) {
  const { t } = useTranslation();
  const item = useItem(id);
  // The details render in a transition, in slices, not in React Query's synchronous render of the answer (see
  // routes/browse.tsx): that render keeps the skeleton.
  const data = useDeferredValue(item.data);
  usePageMeta({ title: item.data?.title ?? t('itemDetail.pageTitle') });

  const back = (
    <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      {t('itemDetail.backToBrowse')}
    </Link>
  );

  // (Until then, or while it still holds the item shown before another one's page, the skeleton.)
  if (item.isPending || (item.data !== undefined && data?.id !== item.data.id)) return <PageSkeleton />;
  if (item.isError) {
    const error = item.error;
    if (isNotFoundError(error)) {
      return (
        <PageMessage icon={PackageX} title={t('msg.itemNotFound')} description={t('itemDetail.notFoundBody')}>
          {back}
        </PageMessage>
      );
    }
    if (isApiError(error) && error.status === 403) {
      return (
        <PageMessage
          icon={ShieldAlert}
          tone="warning"
          title={t('msg.approvalRequired')}
          description={t('msg.approvalRequiredDetails')}
        >
          {back}
        </PageMessage>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <SectionError
          title={t('itemDetail.loadFailed')}
          onRetry={isRetryableError(error) ? () => void item.refetch() : undefined}
          retrying={item.isFetching}
        />
      </div>
    );
  }

  return (
    <div className={ITEM_PAGE_CLASS}>
      <Link
        to={paths.browse}
        className="inline-flex w-fit items-center gap-1 rounded text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('itemDetail.backToBrowse')}
      </Link>
      <ItemDetailWithSwaps item={data ?? item.data} user={user} />
    </div>
  );
}

/**
 * The item with its swap controls (issue 20): the owner answers the requests for it, an approved visitor asks for
 * it (offering up to 3 of their own available items).
 */
function ItemDetailWithSwaps({ item, user }: { item: Item; user: UserSelf }) {
  const isOwner = item.userId === user.id;
  const canRequest = !isOwner && user.isApproved;
  const ownItems = useUserItems(user.id, { enabled: canRequest });
  return (
    <ItemDetail
      item={item}
      viewer={{ id: user.id, isApproved: user.isApproved }}
      ownerPanel={isOwner ? <ItemRequestsSection itemId={item.id} viewerId={user.id} /> : undefined}
      requestAction={
        canRequest ? (
          <ItemExchangeAction
            item={item}
            viewerId={user.id}
            ownerName={item.user?.fullName ?? ''}
            ownItems={ownItems}
          />
        ) : undefined
      }
    />
  );
}
