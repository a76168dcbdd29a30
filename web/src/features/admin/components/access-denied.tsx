import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { PageMessage } from '../../../components/page-message';
import { buttonVariants } from '../../../components/ui/button';

/** 'Access Denied' for non-admins on the admin user pages (spec section 2). */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <PageMessage
      icon={ShieldAlert}
      tone="danger"
      title={t('msg.accessDenied')}
      description={t('admin.restricted')}
    >
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        {t('errors.goHome')}
      </Link>
    </PageMessage>
  );
}
