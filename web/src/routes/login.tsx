import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { AuthPageLayout } from '../features/auth/components/auth-page-layout';
import { LoginForm } from '../features/auth/components/login-form';

/** `/auth/login`: success goes home (spec section 2). */
export default function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageMeta({ title: t('auth.login.pageTitle'), description: t('meta.descriptions.login') });
  return (
    <AuthPageLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginForm onSuccess={() => void navigate(paths.home, { replace: true })} />
    </AuthPageLayout>
  );
}
