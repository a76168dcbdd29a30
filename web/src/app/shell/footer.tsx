import { Suspense } from 'react';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { INSTALL_APP_ANCHOR, paths } from '../../config/paths';
import { Logo } from '../../components/logo';
import { preloadable } from '../../lib/preloadable';
import { useInstallPrompt } from '../../hooks/use-install-prompt';
import { useSupportEmail } from '../../hooks/use-support-email';
import { InstallAppSection } from './install-app-section';
import { WhenNearViewport } from '../../components/when-near-viewport';

interface FooterLink {
  to: string;
  labelKey: ParseKeys;
}

const groups: { headingKey: ParseKeys; links: FooterLink[] }[] = [
  {
    headingKey: 'footer.exploreHeading',
    links: [
      { to: paths.browse, labelKey: 'footer.browse' },
      { to: paths.learnMore, labelKey: 'footer.howItWorks' },
      { to: `#${INSTALL_APP_ANCHOR}`, labelKey: 'footer.mobileApp' },
      { to: paths.safetyGuidelines, labelKey: 'footer.trustSafety' },
    ],
  },
  {
    headingKey: 'footer.supportHeading',
    links: [
      { to: paths.contact, labelKey: 'footer.contact' },
      { to: paths.reportIssue, labelKey: 'footer.reportIssue' },
      { to: paths.communityRules, labelKey: 'footer.communityRules' },
    ],
  },
  {
    headingKey: 'footer.legalHeading',
    links: [
      { to: paths.terms, labelKey: 'footer.terms' },
      { to: paths.privacy, labelKey: 'footer.privacy' },
      { to: paths.legalSummary, labelKey: 'footer.legalSummary' },
    ],
  },
];

/*
 * The language switcher (with the profile update behind it) is below the fold: its chunk loads only when the
 * footer comes near the viewport, so loading a page downloads none of it. The placeholder holds its place.
 */
const languageSelect = preloadable(() =>
  import('../../features/auth/components/language-select').then((m) => ({ default: m.LanguageSelect })),
);
const LanguageSelect = languageSelect.Component;

const linkClass =
  'rounded text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function Footer() {
  const { t } = useTranslation();
  const { canInstall, install } = useInstallPrompt();

  return (
    <footer className="mt-8 border-t bg-card/60">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <div className="grid gap-8 md:grid-cols-[1.2fr_3fr]">
          <div className="space-y-3">
            <Logo />
            <p className="max-w-xs text-sm text-muted-foreground">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('footer.label')} className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {groups.map((group) => (
              <div key={group.headingKey}>
                <h2 className="mb-3 text-sm font-semibold">{t(group.headingKey)}</h2>
                <ul className="space-y-2">
                  {group.links.map((link) => (
                    <li key={link.labelKey}>
                      <Link
                        to={link.to}
                        className={linkClass}
                        onClick={(event) => {
                          // 'Mobile App': the browser's own install dialog when it offers one; otherwise
                          // the link leads to the install section with the steps for this device.
                          if (link.labelKey !== 'footer.mobileApp' || !canInstall) return;
                          event.preventDefault();
                          void install();
                        }}
                      >
                        {t(link.labelKey)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <div className="mt-8">
          <InstallAppSection />
        </div>

        <div className="mt-8 flex flex-col gap-2 border-t pt-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.copyright')}</p>
          <SupportLine />
          <WhenNearViewport className="h-9 w-44">
            <Suspense fallback={<div className="h-9 w-44" />}>
              <LanguageSelect />
            </Suspense>
          </WhenNearViewport>
        </div>
      </div>
    </footer>
  );
}

/**
 * The support address line: its own component, so the address arriving from /api/config re-renders this line
 * and not the whole footer (a long task at start-up otherwise).
 */
function SupportLine() {
  const email = useSupportEmail();
  return (
    <p>
      <Trans
        i18nKey="footer.supportLine"
        values={{ email }}
        components={{
          mail: (
            <a
              href={`mailto:${email}`}
              className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {email}
            </a>
          ),
        }}
      />
    </p>
  );
}
