import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presence } from '@nomadswap/contracts/messaging-responses';
import { lastSeen } from '../utils/time';

/** Re-renders every minute so "Active 12 min ago" does not freeze. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "Active now" / "Active 12 min ago"; nothing when presence is hidden (blocks). Offline, the last known presence
 * may be stale (nobody tells us someone left), so it says it is unknown instead.
 */
export function PresenceText({
  presence,
  offline = false,
  className,
}: {
  presence: Presence | null;
  offline?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  if (!presence) return null;
  if (offline) return <p className={className}>{t('messages.presence.unknown')}</p>;
  const seen = lastSeen(presence.online, presence.lastSeen, now);
  let text: string;
  switch (seen.unit) {
    case 'now':
      text = t('messages.presence.now');
      break;
    case 'minutes':
      text = t('messages.presence.minutes', { count: seen.count });
      break;
    case 'hours':
      text = t('messages.presence.hours', { count: seen.count });
      break;
    case 'days':
      text = t('messages.presence.days', { count: seen.count });
      break;
    default:
      return null;
  }
  return <p className={className}>{text}</p>;
}

/** The green dot on an avatar of someone who is online. */
export function PresenceDot({ online }: { online: boolean }) {
  if (!online) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="presence-dot"
      className="absolute bottom-0 right-0 size-3 rounded-full border-2 border-card bg-emerald-500"
    />
  );
}
