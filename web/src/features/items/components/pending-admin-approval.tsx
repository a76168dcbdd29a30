import { Clock, House } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { PageMessage } from '../../../components/page-message';
import { buttonVariants } from '../../../components/ui/button';

/** Unapproved accounts may not list yet (spec section 6). */
export function PendingAdminApproval() {
  const { t } = useTranslation();
  return (
    <PageMessage
      icon={Clock}
      tone="warning"
      title={t('itemForm.pendingTitle')}
      description={
        <>
          <span className="block font-semibold text-foreground">{t('pendingNotice.checkBack')}</span>
          {t('itemForm.pendingBody')}
        </>
      }
    >
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        <House aria-hidden="true" />
        {t('itemForm.returnHome')}
      </Link>
    </PageMessage>
  );
}
