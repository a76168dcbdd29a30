import { Flag, MapPinned, MessageSquareLock, PackageSearch, ShieldCheck, Siren } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { buttonVariants } from '../../../components/ui/button';
import { useInfoTranslation } from '../i18n';
import { InfoHeader, InfoPage, InfoSection, PointList } from './info-layout';

const LISTS = [
  { key: 'meeting', icon: MapPinned },
  { key: 'communication', icon: MessageSquareLock },
  { key: 'verification', icon: PackageSearch },
] as const;

/**
 * `/safety-guidelines` (spec section 2; the footer's Trust & Safety): meeting, communication, item
 * verification, reporting with the 24-hour review, emergencies.
 */
export function SafetyGuidelinesPage() {
  const { t } = useInfoTranslation();
  return (
    <InfoPage>
      <InfoHeader
        icon={ShieldCheck}
        eyebrow={t('safety.eyebrow')}
        title={t('safety.title')}
        intro={t('safety.intro')}
      />
      <div className="grid gap-4 md:grid-cols-2">
        {LISTS.map((list) => (
          <InfoSection
            key={list.key}
            id={`safety-${list.key}`}
            icon={list.icon}
            title={t(`safety.sections.${list.key}.title`)}
          >
            <PointList points={t(`safety.sections.${list.key}.points`, { returnObjects: true })} />
          </InfoSection>
        ))}
        <InfoSection id="safety-reporting" icon={Flag} title={t('safety.sections.reporting.title')}>
          <p className="text-sm sm:text-base">{t('safety.sections.reporting.body')}</p>
          <div className="flex flex-wrap gap-2">
            <Link to={paths.reportIssue} className={buttonVariants()}>
              {t('safety.sections.reporting.report')}
            </Link>
            <Link to={paths.communityRules} className={buttonVariants({ variant: 'outline' })}>
              {t('safety.sections.reporting.rules')}
            </Link>
          </div>
        </InfoSection>
      </div>
      <InfoSection
        id="safety-emergency"
        icon={Siren}
        title={t('safety.sections.emergency.title')}
        className="border-red-200 bg-red-50/70"
      >
        <p className="text-sm sm:text-base">{t('safety.sections.emergency.body')}</p>
      </InfoSection>
    </InfoPage>
  );
}
