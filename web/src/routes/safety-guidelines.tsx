import { SafetyGuidelinesPage } from '../features/info/components/safety-guidelines-page';
import { useInfoTranslation } from '../features/info/i18n';
import { usePageMeta } from '../hooks/use-page-meta';

/** `/safety-guidelines` (spec section 2). */
export default function SafetyGuidelinesRoute() {
  const { t } = useInfoTranslation();
  usePageMeta({ title: t('safety.pageTitle'), description: t('safety.description') });
  return <SafetyGuidelinesPage />;
}
