import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { useUnreadCount } from '../api/get-unread-count';

/**
 * The unread total on the Messages nav entry and tab; updated live (use-messaging-live.ts). The number is
 * drawn for the eye and said in words to screen readers ("Messages, 3 unread messages").
 */
export function UnreadBadge({ enabled, className }: { enabled: boolean; className?: string }) {
  const { t } = useTranslation();
  const { data } = useUnreadCount({ enabled });
  const count = enabled ? (data?.count ?? 0) : 0;
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="unread-badge"
        className={cn(
          'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[0.6875rem] font-bold leading-5 text-destructive-foreground',
          className,
        )}
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{`, ${t('messages.unreadBadge', { count })}`}</span>
    </>
  );
}
