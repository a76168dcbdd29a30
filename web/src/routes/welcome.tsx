import { useTranslation } from 'react-i18next';
import { AuthRequired } from '../components/auth-required';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { WelcomeWizard } from '../features/onboarding/components/welcome-wizard';

/** `/welcome`: the onboarding after registration, for the signed-in user. */
export default function WelcomeRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('welcome.pageTitle') });
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSkeleton />;
  if (!user) return <AuthRequired />;
  return <WelcomeWizard user={user} />;
}
