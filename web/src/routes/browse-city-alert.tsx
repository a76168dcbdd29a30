import { useTranslation } from 'react-i18next';
import { CATEGORIES, type Category } from '@nomadswap/contracts/enums';
import { AlertMeButton } from '../features/alerts/components/alert-me-button';

/**
 * Browse with a city set: "Alert me about new items here" (issue 22), for the category filtered on when there is
 * one. A chunk of its own, loaded only for approved users with a city.
 */
export default function BrowseCityAlert({
  location,
  placeId,
  category,
}: {
  location: string;
  placeId?: string;
  category: string;
}) {
  const { t } = useTranslation();
  const picked = (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : null;
  return (
    <AlertMeButton
      location={location}
      placeId={placeId}
      category={picked}
      label={
        picked
          ? t('alerts.alertMeHereIn', { category: t(`categoryNames.${picked}`) })
          : t('alerts.alertMeHere')
      }
    />
  );
}
