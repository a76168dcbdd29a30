import { FileText } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { useInfoTranslation } from '../i18n';
import { InfoHeader, InfoPage } from './info-layout';
import { LegalLinks } from './legal-links';
import { TermsSections } from './terms-sections';

/** `/terms-of-service` (spec section 2, static; last updated December 2024). */
export function TermsPage() {
  const { t } = useInfoTranslation();
  return (
    <InfoPage>
      <InfoHeader
        icon={FileText}
        title={t('terms.title')}
        intro={t('terms.intro')}
        updated={t('common.lastUpdated', { date: t('terms.lastUpdated') })}
      />
      <Card>
        <CardContent className="p-5 sm:p-8">
          <TermsSections level={2} />
        </CardContent>
      </Card>
      <LegalLinks current="terms" />
    </InfoPage>
  );
}
