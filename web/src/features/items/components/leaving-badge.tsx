import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { STAY_LIMITS } from '@nomadswap/contracts/stay-limits';
import { leavingInDays } from '../utils/deadline';
import { useServerMarkup } from '../../../hooks/use-server-markup';

/**
 * The owner's departure from the item's city (issue 22): "Leaving in 3 days" beside them when their stay there
 * ends within STAY_LIMITS.ownerLeavingSoonMs. The server sends `leavingAt` only for a stay in the item's city.
 */
export function OwnerLeavingBadge({ owner, now }: { owner: { leavingAt?: string } | null; now?: Date }) {
  return (
    <LeavingBadge
      availableUntil={owner?.leavingAt}
      now={now}
      withinMs={STAY_LIMITS.ownerLeavingSoonMs}
      variant="secondary"
      className="w-fit"
    />
  );
}

/**
 * "Leaving today" / "Leaving tomorrow" / "Leaving in 3 days" on an item leaving within 72 h (issue 22); nothing
 * otherwise. `now` is for tests; the page's clock by default. Not in server-rendered HTML nor the hydrating
 * render: the days depend on the viewer's clock and time zone, which the server does not share.
 */
export function LeavingBadge({
  availableUntil,
  now,
  className,
  withinMs,
  variant = 'warning',
}: {
  availableUntil: string | null | undefined;
  now?: Date;
  className?: string;
  /** The window it shows in (default: an item's 72 h; an owner's departure: 7 days). */
  withinMs?: number;
  variant?: BadgeVariant;
}) {
  const { t } = useTranslation();
  const serverMarkup = useServerMarkup();
  if (serverMarkup && !now) return null;
  const days = leavingInDays(availableUntil, now ?? new Date(), withinMs);
  if (days === null) return null;
  const text =
    days === 0
      ? t('deadlines.leavingToday')
      : days === 1
        ? t('deadlines.leavingTomorrow')
        : t('deadlines.leavingInDays', { count: days });
  return (
    <Badge variant={variant} className={className}>
      <Clock aria-hidden="true" />
      {text}
    </Badge>
  );
}
