import { useTranslation } from 'react-i18next';
import type { Stay } from '@nomadswap/contracts/stays';
import { AlertMeButton } from '../features/alerts/components/alert-me-button';
import { stayCity } from '../lib/stays';

/** "Alert me about new items in Bangkok" on the home's next-city line (a chunk of its own: visitors never load it). */
export default function NextCityAlert({ next }: { next: NonNullable<Stay['next']> }) {
  const { t } = useTranslation();
  return (
    <AlertMeButton
      location={next.location}
      placeId={next.placeId ?? undefined}
      label={t('alerts.alertMeIn', { city: stayCity(next.location) })}
    />
  );
}
