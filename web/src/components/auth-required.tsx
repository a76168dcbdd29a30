import { LogIn } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { PageMessage } from './page-message';
import { buttonVariants } from './ui/button';

/** 'Authentication Required' with a Log In button, for pages that need a signed-in user. */
export function AuthRequired({ description }: { description?: string }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      icon={LogIn}
      title={t('msg.authRequired')}
      description={description ?? t('common.loginToContinue')}
    >
      <Link to={paths.login} className={buttonVariants()}>
        <LogIn aria-hidden="true" />
        {t('common.logIn')}
      </Link>
    </PageMessage>
  );
}
