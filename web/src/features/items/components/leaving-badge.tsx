import { useSyncExternalStore } from 'react';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { leavingInDays } from '../utils/deadline';

/**
 * "Leaving today" / "Leaving tomorrow" / "Leaving in 3 days" on an item leaving within 72 h (issue 22); nothing
 * otherwise. `now` is for tests; the page's clock by default. Not in server-rendered HTML nor the hydrating
 * render: the days depend on the viewer's clock and time zone, which the server does not share.
 */
export function LeavingBadge({
  availableUntil,
  now,
  className,
}: {
  availableUntil: string | null | undefined;
  now?: Date;
  className?: string;
}) {
  const { t } = useTranslation();
  const onClient = useSyncExternalStore(subscribeToNothing, isClient, isServer);
  if (!onClient && !now) return null;
  const days = leavingInDays(availableUntil, now ?? new Date());
  if (days === null) return null;
  const text =
    days === 0
      ? t('deadlines.leavingToday')
      : days === 1
        ? t('deadlines.leavingTomorrow')
        : t('deadlines.leavingInDays', { count: days });
  return (
    <Badge variant="warning" className={className}>
      <Clock aria-hidden="true" />
      {text}
    </Badge>
  );
}

const subscribeToNothing = () => () => undefined;
const isClient = () => true;
const isServer = () => false;
