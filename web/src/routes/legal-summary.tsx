import { LegalSummaryWizard } from '../features/info/components/legal-summary-wizard';
import { useInfoTranslation } from '../features/info/i18n';
import { usePageMeta } from '../hooks/use-page-meta';

/** `/legal-summary` (spec section 2). */
export default function LegalSummaryRoute() {
  const { t } = useInfoTranslation();
  usePageMeta({ title: t('legal.pageTitle'), description: t('legal.description') });
  return <LegalSummaryWizard />;
}
