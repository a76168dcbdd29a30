import { Lock } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { useInfoTranslation } from '../i18n';
import { InfoHeader, InfoPage, PointList } from './info-layout';
import { LegalLinks } from './legal-links';
import { MailText } from './mail-text';

const LISTS = ['collect', 'use'] as const;
const TEXTS = ['sharing', 'photos', 'rights', 'retention', 'security', 'contact'] as const;

/** `/privacy-policy` (spec section 2, static; last updated December 2024). */
export function PrivacyPage() {
  const { t } = useInfoTranslation();
  return (
    <InfoPage>
      <InfoHeader
        icon={Lock}
        title={t('privacy.title')}
        intro={t('privacy.intro')}
        updated={t('common.lastUpdated', { date: t('privacy.lastUpdated') })}
      />
      <Card>
        <CardContent className="grid gap-6 p-5 sm:p-8">
          {LISTS.map((key) => (
            <section key={key} aria-labelledby={`privacy-${key}`} className="grid gap-2">
              <h2 id={`privacy-${key}`} className="text-lg font-semibold tracking-tight">
                {t(`privacy.sections.${key}.title`)}
              </h2>
              <PointList points={t(`privacy.sections.${key}.points`, { returnObjects: true })} />
            </section>
          ))}
          {TEXTS.map((key) => (
            <section key={key} aria-labelledby={`privacy-${key}`} className="grid gap-1.5">
              <h2 id={`privacy-${key}`} className="text-lg font-semibold tracking-tight">
                {t(`privacy.sections.${key}.title`)}
              </h2>
              <p className="text-sm leading-relaxed sm:text-base">
                <MailText i18nKey={`privacy.sections.${key}.body`} />
              </p>
            </section>
          ))}
        </CardContent>
      </Card>
      <LegalLinks current="privacy" />
    </InfoPage>
  );
}
