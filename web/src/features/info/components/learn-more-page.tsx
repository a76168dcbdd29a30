import type { LucideIcon } from 'lucide-react';
import { Camera, Compass, Handshake, MessageCircle, ShieldCheck, UserCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { buttonVariants } from '../../../components/ui/button';
import { useInfoTranslation } from '../i18n';
import { InfoHeader, InfoPage, inlineLinkClass } from './info-layout';

const STEPS: { key: 'list' | 'connect' | 'exchange'; icon: LucideIcon }[] = [
  { key: 'list', icon: Camera },
  { key: 'connect', icon: MessageCircle },
  { key: 'exchange', icon: Handshake },
];

const FAQ = ['cost', 'who', 'where', 'safe'] as const;

/** `/learn-more` (spec section 2, How It Works): the three steps, approval, common questions. */
export function LearnMorePage({ signedIn }: { signedIn: boolean }) {
  const { t } = useInfoTranslation();
  return (
    <InfoPage>
      <InfoHeader
        icon={Compass}
        eyebrow={t('learnMore.eyebrow')}
        title={t('learnMore.title')}
        intro={t('learnMore.intro')}
      />

      <section aria-labelledby="learn-steps" className="grid gap-4">
        <h2 id="learn-steps" className="text-xl font-bold tracking-tight sm:text-2xl">
          {t('learnMore.stepsTitle')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.key} className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm">
              <span className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                  <step.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-xs font-semibold uppercase tracking-wider text-primary">
                  {index + 1}
                </span>
              </span>
              <h3 className="text-lg font-semibold">{t(`learnMore.steps.${step.key}.title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`learnMore.steps.${step.key}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="learn-approval"
        className="flex flex-col gap-3 rounded-xl border border-primary/20 bg-secondary/50 p-5 sm:flex-row sm:items-start sm:p-6"
      >
        <UserCheck className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="learn-approval" className="text-lg font-semibold">
            {t('learnMore.approvalTitle')}
          </h2>
          <p className="text-sm sm:text-base">{t('learnMore.approvalBody')}</p>
        </div>
      </section>

      <section aria-labelledby="learn-faq" className="grid gap-4">
        <h2 id="learn-faq" className="text-xl font-bold tracking-tight sm:text-2xl">
          {t('learnMore.faqTitle')}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          {FAQ.map((key) => (
            <div key={key} className="rounded-xl border bg-card p-5 shadow-sm">
              <dt className="font-semibold">{t(`learnMore.faq.${key}.q`)}</dt>
              <dd className="mt-1 text-sm text-muted-foreground">{t(`learnMore.faq.${key}.a`)}</dd>
            </div>
          ))}
        </dl>
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <Link to={paths.safetyGuidelines} className={inlineLinkClass}>
            {t('learnMore.safety')}
          </Link>
        </p>
      </section>

      <section
        aria-labelledby="learn-cta"
        className="grid gap-4 rounded-2xl bg-primary p-6 text-center text-primary-foreground sm:p-10"
      >
        <h2 id="learn-cta" className="text-2xl font-bold tracking-tight">
          {t('learnMore.ctaTitle')}
        </h2>
        <div className="flex flex-col justify-center gap-2 sm:flex-row">
          <Link to={paths.browse} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            {t('learnMore.browse')}
          </Link>
          {signedIn ? null : (
            <Link
              to={paths.register}
              className={buttonVariants({
                variant: 'outline',
                size: 'lg',
                className:
                  'border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground',
              })}
            >
              {t('learnMore.signUp')}
            </Link>
          )}
        </div>
      </section>
    </InfoPage>
  );
}
