import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useReplyTime } from '../api/get-reply-time';

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * A profile's "Usually replies within 20 min", from the person's recent first replies in chat. Nothing while it
 * loads, fails, or there are too few replies to say.
 */
export function ReplyTimeText({ userId, enabled = true }: { userId: string; enabled?: boolean }) {
  const { t } = useTranslation();
  const query = useReplyTime(userId, { enabled });
  const minutes = query.data?.medianMinutes;
  if (minutes === null || minutes === undefined) return null;
  let text: string;
  if (minutes < HOUR)
    text = t('messages.replyTime.minutes', { count: Math.max(5, Math.ceil(minutes / 5) * 5) });
  else if (minutes < DAY) text = t('messages.replyTime.hours', { count: Math.ceil(minutes / HOUR) });
  else text = t('messages.replyTime.days', { count: Math.ceil(minutes / DAY) });
  return (
    <div>
      <dt className="sr-only">{t('messages.replyTime.label')}</dt>
      <dd className="flex items-center gap-1.5">
        <Clock className="size-4 text-primary" aria-hidden="true" />
        {text}
      </dd>
    </div>
  );
}
