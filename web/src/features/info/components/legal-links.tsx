import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useInfoTranslation } from '../i18n';
import { inlineLinkClass } from './info-layout';

const LINKS = [
  { key: 'terms', to: paths.terms, label: 'terms.title' },
  { key: 'privacy', to: paths.privacy, label: 'privacy.title' },
  { key: 'community', to: paths.communityRules, label: 'community.tabs.rules' },
  { key: 'legal', to: paths.legalSummary, label: 'legal.title' },
] as const;

/** The other legal pages, at the foot of each legal page. */
export function LegalLinks({ current }: { current: (typeof LINKS)[number]['key'] }) {
  const { t } = useInfoTranslation();
  return (
    <nav aria-label={t('common.related')} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {LINKS.filter((link) => link.key !== current).map((link) => (
        <Link key={link.key} to={link.to} className={inlineLinkClass}>
          {t(link.label)}
        </Link>
      ))}
    </nav>
  );
}
