import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';

/**
 * The in-page 'Pending Approval' notice of home and browse (spec section 2), under the shell's account
 * banner: it says what waits behind the approval on the page the user is looking at.
 */
export function PendingApprovalNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="pending-approval-notice"
      className={cn(
        'flex gap-3 rounded-xl border border-amber-200 bg-warning p-4 text-warning-foreground',
        className,
      )}
    >
      <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <h2 id="pending-approval-notice" className="font-semibold">
          {t('pendingNotice.title')}
        </h2>
        <p className="text-sm font-medium">{t('pendingNotice.checkBack')}</p>
        <p className="text-sm">{t('pendingNotice.body')}</p>
      </div>
    </section>
  );
}
