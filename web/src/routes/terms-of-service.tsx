import { TermsPage } from '../features/info/components/terms-page';
import { useInfoTranslation } from '../features/info/i18n';
import { usePageMeta } from '../hooks/use-page-meta';

/** `/terms-of-service` (spec section 2). */
export default function TermsOfServiceRoute() {
  const { t } = useInfoTranslation();
  usePageMeta({ title: t('terms.pageTitle'), description: t('terms.description') });
  return <TermsPage />;
}
