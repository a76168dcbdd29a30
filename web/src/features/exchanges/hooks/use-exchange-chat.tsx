import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { Badge } from '../../../components/ui/badge';
import { useExchanges } from '../api/get-exchanges';
import { ExchangeStepCard } from '../components/exchange-step-card';
import { useNextStepText } from '../components/exchange-next-step';
import { exchangeSteps, openExchange } from '../utils/exchange-steps';

/** A card the chat places among the messages by its time (the shape the messages feature asks for). */
export interface ExchangeTimelineCard {
  key: string;
  at: string;
  node: ReactNode;
  absorbsExchangeId?: string;
}

/**
 * The swaps of one conversation (GET /api/exchanges?userId={other}) as the chat shows them: a card for every step,
 * to merge with the messages by time, and the open swap's state for the header. Live updates reach it through
 * the cache (socket `exchange:updated`).
 */
export function useExchangeChat(
  viewerId: string,
  other: { id: string },
): { cards: ExchangeTimelineCard[]; status: ReactNode } {
  const query = useExchanges({ userId: other.id });
  const now = new Date();
  const exchanges = query.data ?? [];
  const cards = exchanges
    .flatMap((exchange) => exchangeSteps(exchange, now))
    .map((step) => ({
      key: `exchange-${step.exchange.id}-${step.kind}`,
      at: step.at,
      node: <ExchangeStepCard step={step} viewerId={viewerId} now={now} />,
      // The request card shows the request's message: its bubble would say it twice.
      ...(step.kind === 'request' ? { absorbsExchangeId: step.exchange.id } : {}),
    }));
  const open = openExchange(exchanges);
  return {
    cards,
    status: open ? <ExchangeHeaderStatus exchange={open} viewerId={viewerId} now={now} /> : null,
  };
}

/** The chat header's line about the open swap: its state and what happens next. */
function ExchangeHeaderStatus({
  exchange,
  viewerId,
  now,
}: {
  exchange: ExchangeView;
  viewerId: string;
  now: Date;
}) {
  const { t } = useTranslation();
  const nextText = useNextStepText();
  return (
    <p className="flex min-w-0 items-center gap-2 text-xs">
      <span className="sr-only">{t('exchanges.headerLabel')}:</span>
      <Badge variant={exchange.status === 'accepted' ? 'default' : 'warning'} className="shrink-0">
        {t(`exchanges.status.${exchange.status}`)}
      </Badge>
      <span className="min-w-0 truncate text-muted-foreground">{nextText(exchange, viewerId, now)}</span>
    </p>
  );
}
