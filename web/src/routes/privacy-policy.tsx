import { PrivacyPage } from '../features/info/components/privacy-page';
import { useInfoTranslation } from '../features/info/i18n';
import { usePageMeta } from '../hooks/use-page-meta';

/** `/privacy-policy` (spec section 2). */
export default function PrivacyPolicyRoute() {
  const { t } = useInfoTranslation();
  usePageMeta({ title: t('privacy.pageTitle'), description: t('privacy.description') });
  return <PrivacyPage />;
}
