import { Plane, PlaneLanding } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Stay } from '@nomadswap/contracts/stays';
import { formatStayDate } from '../lib/stays';
import { displayPlaceLabel } from '../lib/place-label';

/**
 * A profile's stay (issue 22), as `<dt>`/`<dd>` pairs of the profile card's list: "In Lisbon, Portugal until
 * 18 Dec" and "Next: Bangkok, Thailand from 20 Dec", each date on its city's calendar.
 */
export function StayFacts({ stay }: { stay: Stay | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!stay) return null;
  return (
    <>
      <div>
        <dt className="sr-only">{t('stays.label')}</dt>
        <dd className="flex items-center gap-1.5">
          <Plane className="size-4 text-primary" aria-hidden="true" />
          {t('stays.inCityUntil', {
            city: displayPlaceLabel(stay.location, i18n.language),
            date: formatStayDate(stay.until, stay.timezone, i18n.language),
          })}
        </dd>
      </div>
      {stay.next ? (
        <div>
          <dt className="sr-only">{t('stays.nextCity')}</dt>
          <dd className="flex items-center gap-1.5">
            <PlaneLanding className="size-4 text-primary" aria-hidden="true" />
            {t('stays.nextFrom', {
              city: displayPlaceLabel(stay.next.location, i18n.language),
              date: formatStayDate(stay.next.from, stay.next.timezone, i18n.language),
            })}
          </dd>
        </div>
      ) : null}
    </>
  );
}
