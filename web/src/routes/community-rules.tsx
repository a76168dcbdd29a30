import { CommunityRulesPage } from '../features/info/components/community-rules-page';
import { useInfoTranslation } from '../features/info/i18n';
import { usePageMeta } from '../hooks/use-page-meta';

/** `/community-rules` (spec section 2). */
export default function CommunityRulesRoute() {
  const { t } = useInfoTranslation();
  usePageMeta({ title: t('community.pageTitle'), description: t('community.description') });
  return <CommunityRulesPage />;
}
