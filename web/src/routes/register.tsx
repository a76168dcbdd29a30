import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { AuthPageLayout } from '../features/auth/components/auth-page-layout';
import { RegisterForm } from '../features/auth/components/register-form';

/** `/auth/register`: success goes to the onboarding at /welcome (spec section 2). */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageMeta({ title: t('auth.register.pageTitle'), description: t('meta.descriptions.register') });
  return (
    <AuthPageLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} width="wide">
      <RegisterForm onSuccess={() => void navigate(paths.welcome, { replace: true })} />
    </AuthPageLayout>
  );
}
