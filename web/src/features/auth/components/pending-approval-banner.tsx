import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown on every page to signed-in users whose account an admin has not approved yet (spec section 6). */
export function PendingApprovalBanner() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="pending-approval-text" className="border-b border-amber-200 bg-warning">
      <div className="mx-auto flex max-w-6xl gap-3 px-4 py-3 text-sm text-warning-foreground">
        <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="space-y-1">
          <p id="pending-approval-text" className="font-medium">
            {t('account.pendingApproval')}
          </p>
          <p className="text-xs">{t('account.pendingPhotoHint')}</p>
        </div>
      </div>
    </section>
  );
}
