import { ArrowLeftRight, MessageCircle, PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { paths } from '../../../config/paths';
import { EmptyState, SectionError, SectionLoading } from '../../../components/section-states';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { useExchanges } from '../api/get-exchanges';
import { nextStep, otherPartyId, otherPartyName, roleOf } from '../utils/exchange-steps';
import { useNextStepText } from './exchange-next-step';
import { ExchangeItemThumb } from './exchange-item-thumb';

const GROUPS = ['open', 'completed', 'ended'] as const;
type Group = (typeof GROUPS)[number];

function groupOf(exchange: ExchangeView): Group {
  if (exchange.status === 'proposed' || exchange.status === 'accepted') return 'open';
  return exchange.status === 'completed' ? 'completed' : 'ended';
}

/** Steps that wait on the viewer stand out from those that wait on the other person. */
const ACTION_NEEDED = new Set([
  'answerRequest',
  'confirmTheirs',
  'proposeMeetup',
  'acceptMeetup',
  'confirmSwap',
]);

interface SwapsListProps {
  viewerId: string;
  /** Exchanges the viewer has not reviewed yet (from pending reviews): those get Leave a review. */
  reviewPending?: ReadonlySet<string>;
}

/** The profile's Swaps tab: open, completed and ended swaps, each with its next step and a way to act on it. */
export function SwapsList({ viewerId, reviewPending }: SwapsListProps) {
  const { t } = useTranslation();
  const query = useExchanges();

  if (query.isPending) return <SectionLoading blocks={['h-20', 'h-20']} />;
  if (query.isError) {
    return (
      <SectionError
        title={t('exchanges.swaps.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={ArrowLeftRight}
        title={t('exchanges.swaps.emptyTitle')}
        description={t('exchanges.swaps.emptyDescription')}
      >
        <Link to={paths.browse} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
          {t('messages.browseItems')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6">
      {GROUPS.map((group) => {
        const rows = query.data.filter((e) => groupOf(e) === group);
        return (
          <section key={group} aria-labelledby={`swaps-${group}`} className="grid gap-2">
            <h2 id={`swaps-${group}`} className="text-base font-semibold">
              {t(`exchanges.swaps.${group}`)} <span className="text-muted-foreground">({rows.length})</span>
            </h2>
            {rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('exchanges.swaps.sectionEmpty')}</p>
            ) : (
              <ul className="grid gap-2">
                {rows.map((exchange) => (
                  <SwapRow
                    key={exchange.id}
                    exchange={exchange}
                    viewerId={viewerId}
                    reviewPending={reviewPending?.has(exchange.id) ?? false}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

const STATUS_BADGE: Record<ExchangeView['status'], BadgeVariant> = {
  proposed: 'warning',
  accepted: 'default',
  completed: 'success',
  declined: 'outline',
  withdrawn: 'outline',
  cancelled: 'outline',
  no_show: 'destructive',
  expired: 'outline',
};

function SwapRow({
  exchange,
  viewerId,
  reviewPending,
}: {
  exchange: ExchangeView;
  viewerId: string;
  reviewPending: boolean;
}) {
  const { t } = useTranslation();
  const nextText = useNextStepText();
  const name = otherPartyName(exchange, viewerId, t('exchanges.someone'));
  const title = exchange.item?.title ?? t('exchanges.anItem');
  const otherId = otherPartyId(exchange, viewerId);
  const step = nextStep(exchange, viewerId);
  const summary =
    roleOf(exchange, viewerId) === 'requester'
      ? t('exchanges.swaps.youAsked', { name, title })
      : t('exchanges.swaps.theyAsked', { name, title });

  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-xs sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <ExchangeItemThumb item={exchange.item} />
        <div className="grid min-w-0 gap-0.5">
          <p className="truncate font-medium">{summary}</p>
          <p
            className={
              ACTION_NEEDED.has(step) ? 'text-sm font-medium text-primary' : 'text-sm text-muted-foreground'
            }
          >
            {nextText(exchange, viewerId)}
          </p>
        </div>
        <Badge variant={STATUS_BADGE[exchange.status]} className="ml-auto shrink-0 self-start">
          {t(`exchanges.status.${exchange.status}`)}
        </Badge>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex [&>*:only-child]:col-span-2">
        {exchange.status === 'completed' && reviewPending ? (
          <Link
            to={`${paths.review(otherId)}?${new URLSearchParams({ exchange: exchange.id }).toString()}`}
            className={buttonVariants({ size: 'sm' })}
            aria-label={t('exchanges.swaps.leaveReviewFor', { name })}
          >
            <PenLine aria-hidden="true" />
            {t('exchanges.card.leaveReview')}
          </Link>
        ) : null}
        <Link
          to={paths.messagesWith(otherId, exchange.itemId ?? undefined)}
          className={buttonVariants({
            variant: groupOf(exchange) === 'open' ? 'default' : 'outline',
            size: 'sm',
          })}
          aria-label={t('exchanges.swaps.openChatWith', { name })}
        >
          <MessageCircle aria-hidden="true" />
          {t('exchanges.swaps.openChat')}
        </Link>
      </div>
    </li>
  );
}
