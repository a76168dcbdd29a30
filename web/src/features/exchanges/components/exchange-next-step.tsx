import { useTranslation } from 'react-i18next';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { nextStep, otherPartyName } from '../utils/exchange-steps';
import { endedText, formatMeetupTime } from '../utils/step-texts';

/** The line that says what happens next in a swap ("Waiting for Marco to accept the meetup"). */
export function useNextStepText() {
  const { t, i18n } = useTranslation();
  return (exchange: ExchangeView, viewerId: string, now: Date = new Date()): string => {
    const name = otherPartyName(exchange, viewerId, t('exchanges.someone'));
    const step = nextStep(exchange, viewerId, now);
    switch (step) {
      case 'meet':
        return t('exchanges.next.meet', {
          date: formatMeetupTime(exchange.meetup?.at ?? '', i18n.language),
          place: exchange.meetup?.place ?? '',
        });
      case 'ended':
        return endedText(exchange, viewerId, name, t);
      default:
        return t(`exchanges.next.${step}`, { name });
    }
  };
}
