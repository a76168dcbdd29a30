import type { TFunction } from 'i18next';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { formatDate } from '../../../lib/format';
import { startedAsConfirmation } from './exchange-steps';

/*
 * A swap's texts that a one-line summary needs as well as its cards (the profile's Swaps tab, the home's next
 * step): here, not in exchange-step-card.tsx, so a summary does not load the cards and their dialogs (issue 25).
 */

const MEETUP_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/** A meetup's time as people say it: "Sat 14 Jun, 15:30". */
export function formatMeetupTime(iso: string, language: string): string {
  return formatDate(iso, language, MEETUP_FORMAT);
}

/** How an exchange ended, from the viewer's side. */
export function endedText(exchange: ExchangeView, viewerId: string, other: string, t: TFunction): string {
  const byMe = exchange.endedBy === viewerId;
  switch (exchange.status) {
    case 'declined':
      // A Complete Swap the other answered with "It didn't happen" ends declined too.
      if (startedAsConfirmation(exchange)) {
        return byMe
          ? t('exchanges.card.didNotHappenYou')
          : t('exchanges.card.didNotHappenThem', { name: other });
      }
      return byMe ? t('exchanges.card.declinedYou') : t('exchanges.card.declinedThem', { name: other });
    case 'withdrawn':
      return byMe ? t('exchanges.card.withdrawnYou') : t('exchanges.card.withdrawnThem', { name: other });
    case 'cancelled':
      if (exchange.endReason === 'blocked') return t('exchanges.card.cancelledBlocked');
      if (exchange.endReason === 'did_not_happen') return t('exchanges.card.cancelledDidNotHappen');
      if (exchange.endReason === 'item_unavailable') return t('exchanges.card.cancelledItemUnavailable');
      return byMe
        ? t('exchanges.card.cancelledYou', { reason: exchange.endReason ?? '' })
        : t('exchanges.card.cancelledThem', { name: other, reason: exchange.endReason ?? '' });
    case 'no_show':
      return exchange.noShowUserId === viewerId
        ? t('exchanges.card.noShowYou', { name: other })
        : t('exchanges.card.noShowThem', { name: other });
    case 'expired':
      return t('exchanges.card.expired');
    default:
      return t('exchanges.next.ended');
  }
}
