import { useSyncExternalStore } from 'react';
import { Ban } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { getSuspensionNotice, subscribeToSuspensionNotice } from '../../../lib/account-suspended';
import { APPEAL_PATH } from './sanction-banners';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/**
 * On every page while signed out, after a suspension ended the session or refused a sign-in (issue 26): why,
 * until when, and how to appeal; gone once someone signs in.
 */
export function SuspensionNotice() {
  const { t, i18n } = useTranslation();
  const notice = useSyncExternalStore(subscribeToSuspensionNotice, getSuspensionNotice, () => null);
  if (!notice) return null;
  return (
    <section role="alert" className="border-b border-red-200 bg-destructive/10">
      <div className="mx-auto grid max-w-6xl gap-1 px-4 py-3 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <Ban className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          {notice.endsAt
            ? t('sanctions.suspended.until', { date: formatDate(notice.endsAt, i18n.language, DATE_TIME) })
            : t('sanctions.suspended.forGood')}
        </p>
        {notice.reason ? (
          <p className="wrap-anywhere">{t('sanctions.banner.reason', { reason: notice.reason })}</p>
        ) : null}
        <Link to={APPEAL_PATH} className="text-xs font-medium underline underline-offset-2">
          {t('sanctions.banner.appeal')}
        </Link>
      </div>
    </section>
  );
}
