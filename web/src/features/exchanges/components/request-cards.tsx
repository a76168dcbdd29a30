import { Link } from 'react-router-dom';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { paths } from '../../../config/paths';
import { otherPartyName } from '../utils/exchange-steps';
import { ExchangeStepCard } from './exchange-step-card';

/** The request cards with Accept / Decline, each with a way into that chat. */
export default function RequestCards({ requests, viewerId }: { requests: ExchangeView[]; viewerId: string }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3">
      {requests.map((exchange) => (
        <li key={exchange.id} className="grid gap-1.5">
          <ExchangeStepCard
            step={{ kind: 'request', at: exchange.createdAt, exchange }}
            viewerId={viewerId}
          />
          <Link
            to={paths.messagesWith(exchange.requesterId, exchange.itemId ?? undefined)}
            className="inline-flex w-fit items-center gap-1.5 justify-self-center rounded text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            {t('exchanges.requests.openChat', {
              name: otherPartyName(exchange, viewerId, t('exchanges.someone')),
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
