import { lazy, Suspense } from 'react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { SectionError } from '../../../components/section-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { useExchanges } from '../api/get-exchanges';
import { isPreConfirmed } from '../utils/exchange-steps';

/** The cards (with the swap steps' code) load only when there is a request to show (issue 25: the item page). */
const LazyRequestCards = lazy(() => import('./request-cards'));

function RequestCards(props: { requests: ExchangeView[]; viewerId: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
      <LazyRequestCards {...props} />
    </Suspense>
  );
}

/** The open requests the owner can answer for one item (a pre-confirmed Complete Swap is answered in the chat). */
export function openRequestsFor(exchanges: readonly ExchangeView[], itemId: string, ownerId: string) {
  return exchanges.filter(
    (e) => e.itemId === itemId && e.ownerId === ownerId && e.status === 'proposed' && !isPreConfirmed(e),
  );
}

/** Item detail, for its owner: the open requests for the item (GET /api/exchanges?itemId=). */
export function ItemRequestsSection({ itemId, viewerId }: { itemId: string; viewerId: string }) {
  const { t } = useTranslation();
  const query = useExchanges({ itemId });
  // The section joins the page when its answer is in: the item itself paints first, without a skeleton below.
  if (query.isPending) return null;
  let body;
  if (query.isError) {
    body = (
      <SectionError
        title={t('exchanges.requests.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    const requests = openRequestsFor(query.data, itemId, viewerId);
    body =
      requests.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Inbox className="size-4" aria-hidden="true" />
          {t('exchanges.requests.empty')}
        </p>
      ) : (
        <RequestCards requests={requests} viewerId={viewerId} />
      );
  }
  return (
    <section aria-labelledby="item-requests-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="item-requests-title" className="font-semibold">
        {t('exchanges.requests.title')}
      </h2>
      {body}
    </section>
  );
}

/**
 * My Items, under each item with open requests: "2 open requests", opening to the cards with Accept / Decline.
 * All items share one list (GET /api/exchanges?status=proposed), fetched once.
 */
export function ItemRequestsDisclosure({ itemId, viewerId }: { itemId: string; viewerId: string }) {
  const { t } = useTranslation();
  const query = useExchanges({ status: 'proposed' });
  const requests = openRequestsFor(query.data ?? [], itemId, viewerId);
  if (requests.length === 0) return null;
  return (
    <details className="group w-full rounded-lg border bg-secondary/40 p-2 text-sm">
      <summary className="cursor-pointer rounded font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {t('exchanges.requests.count', { count: requests.length })}
      </summary>
      <div className="mt-2">
        <RequestCards requests={requests} viewerId={viewerId} />
      </div>
    </details>
  );
}
