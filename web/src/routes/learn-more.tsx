import { LearnMorePage } from '../features/info/components/learn-more-page';
import { useInfoTranslation } from '../features/info/i18n';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { usePageMeta } from '../hooks/use-page-meta';

/** `/learn-more` (spec section 2, How It Works). */
export default function LearnMoreRoute() {
  const { t } = useInfoTranslation();
  usePageMeta({ title: t('learnMore.pageTitle'), description: t('learnMore.description') });
  const { user } = useCurrentUser();
  return <LearnMorePage signedIn={user !== null} />;
}
