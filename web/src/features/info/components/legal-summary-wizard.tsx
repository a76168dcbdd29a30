import { useEffect, useRef, useState } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeft,
  ArrowRight,
  Check,
  CheckCircle2,
  Handshake,
  Info,
  Lock,
  Mail,
  PartyPopper,
  Scale,
  ShieldCheck,
  UserRound,
  Users,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { StepProgress } from '../../../components/step-progress';
import { useSupportEmail } from '../../../hooks/use-support-email';
import { cn } from '../../../lib/utils';
import { useInfoTranslation } from '../i18n';
import { InfoHeader, InfoPage } from './info-layout';

type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;
const STEPS: { n: StepNumber; icon: LucideIcon }[] = [
  { n: 1, icon: UserRound },
  { n: 2, icon: Users },
  { n: 3, icon: Handshake },
  { n: 4, icon: Lock },
  { n: 5, icon: ShieldCheck },
  { n: 6, icon: Scale },
];
const TOTAL = STEPS.length;

/**
 * `/legal-summary` (spec section 2): six steps, each with a summary, key points and 'What This Means for You'.
 * Steps can be opened in any order; Mark as Read marks the current one, Next marks it and moves on, Complete
 * marks the last. With all six read, a congratulations card links on to the full texts and registration.
 */
export function LegalSummaryWizard() {
  const { t } = useInfoTranslation();
  const email = useSupportEmail();
  const [step, setStep] = useState<StepNumber>(1);
  const [read, setRead] = useState<ReadonlySet<StepNumber>>(() => new Set());
  const percent = Math.round((step / TOTAL) * 100);
  const allRead = read.size === TOTAL;
  const CurrentIcon = STEPS[step - 1]?.icon ?? Scale;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const congratsHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const wasAllRead = useRef(allRead);

  // Moving between steps leaves keyboard and screen-reader users at the new step's title, not on a button.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus();
  }, [step]);

  // Reading the last step reveals the congratulations card below: take the reader there.
  useEffect(() => {
    if (allRead && !wasAllRead.current) congratsHeading.current?.focus();
    wasAllRead.current = allRead;
  }, [allRead]);

  const markRead = (n: StepNumber) => setRead((previous) => new Set(previous).add(n));
  const goTo = (n: number) => setStep(Math.min(TOTAL, Math.max(1, n)) as StepNumber);

  return (
    <InfoPage className="max-w-5xl">
      <InfoHeader icon={Scale} title={t('legal.title')} intro={t('legal.intro')} />

      <Card>
        <CardContent className="grid gap-6 p-5 sm:p-8">
          <StepProgress
            counter={t('legal.stepCounter', { step, total: TOTAL })}
            percentText={t('legal.percent', { percent })}
            percent={percent}
            label={t('legal.progressLabel')}
          >
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {t('legal.readCount', { count: read.size, total: TOTAL })}
            </p>
          </StepProgress>

          <nav aria-label={t('legal.stepsLabel')}>
            <ol className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {STEPS.map(({ n, icon: Icon }) => {
                const isCurrent = n === step;
                const isRead = read.has(n);
                return (
                  <li key={n}>
                    <button
                      type="button"
                      onClick={() => goTo(n)}
                      aria-current={isCurrent ? 'step' : undefined}
                      aria-label={`${t('legal.stepButton', { n, title: t(`legal.steps.${n}.title`) })}${isRead ? ` (${t('legal.read')})` : ''}`}
                      className={cn(
                        'flex h-full w-full flex-col items-center gap-1 rounded-lg border p-2 text-xs font-medium transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                        isCurrent
                          ? 'border-primary bg-primary text-primary-foreground'
                          : isRead
                            ? 'border-green-300 bg-green-50 text-green-900 hover:bg-green-100'
                            : 'bg-card hover:bg-muted',
                      )}
                    >
                      <span className="relative">
                        <Icon className="size-5" aria-hidden="true" />
                        {isRead ? (
                          <Check
                            className={cn(
                              'absolute -right-2 -top-2 size-3.5 rounded-full p-0.5',
                              isCurrent ? 'bg-primary-foreground text-primary' : 'bg-green-700 text-white',
                            )}
                            aria-hidden="true"
                          />
                        ) : null}
                      </span>
                      <span>{n}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>

          <section aria-labelledby="legal-step-title" className="grid gap-4">
            <div className="flex items-start gap-3">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                <CurrentIcon className="size-6" aria-hidden="true" />
              </span>
              <div className="grid gap-1">
                <h2
                  id="legal-step-title"
                  ref={stepHeading}
                  tabIndex={-1}
                  className="text-xl font-bold tracking-tight focus:outline-none sm:text-2xl"
                >
                  {t(`legal.steps.${step}.title`)}
                </h2>
                <p className="text-muted-foreground">{t(`legal.steps.${step}.summary`)}</p>
              </div>
            </div>
            <div className="grid gap-2">
              <h3 className="font-semibold">{t('legal.keyPoints')}</h3>
              <ul className="grid gap-2 text-sm sm:text-base">
                {t(`legal.steps.${step}.points`, { returnObjects: true }).map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <CheckCircle2
                      className="mt-0.5 size-4 shrink-0 text-primary sm:mt-1"
                      aria-hidden="true"
                    />
                    {point}
                  </li>
                ))}
              </ul>
            </div>
            <div className="grid gap-1 rounded-lg border border-primary/20 bg-secondary/60 p-4">
              <h3 className="flex items-center gap-2 font-semibold">
                <Info className="size-4 text-primary" aria-hidden="true" />
                {t('legal.meaning')}
              </h3>
              <p className="text-sm sm:text-base">{t(`legal.steps.${step}.meaning`)}</p>
            </div>
          </section>

          <div
            role="group"
            aria-label={t('legal.navLabel')}
            className="flex flex-wrap items-center justify-between gap-2 border-t pt-5"
          >
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 1}>
              <ArrowLeft aria-hidden="true" />
              {t('legal.previous')}
            </Button>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => markRead(step)} disabled={read.has(step)}>
                <Check aria-hidden="true" />
                {read.has(step) ? t('legal.markedRead') : t('legal.markRead')}
              </Button>
              {step < TOTAL ? (
                <Button
                  onClick={() => {
                    markRead(step);
                    goTo(step + 1);
                  }}
                >
                  {t('legal.next')}
                  <ArrowRight aria-hidden="true" />
                </Button>
              ) : (
                <Button onClick={() => markRead(step)}>
                  <CheckCircle2 aria-hidden="true" />
                  {t('legal.complete')}
                </Button>
              )}
            </div>
          </div>
        </CardContent>
      </Card>

      {allRead ? (
        <section
          aria-labelledby="legal-congrats"
          className="grid gap-3 rounded-xl border border-green-300 bg-green-50 p-5 text-green-950 sm:p-8"
        >
          <h2
            id="legal-congrats"
            ref={congratsHeading}
            tabIndex={-1}
            className="flex items-center gap-2 text-xl font-bold focus:outline-none"
          >
            <PartyPopper className="size-6 text-green-700" aria-hidden="true" />
            {t('legal.congrats.title')}
          </h2>
          <p>{t('legal.congrats.body')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <FullTextLinks />
            <Link to={paths.register} className={buttonVariants()}>
              {t('legal.congrats.register')}
            </Link>
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="legal-details"
        className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-8"
      >
        <h2 id="legal-details" className="text-lg font-semibold">
          {t('legal.details.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('legal.details.body')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <FullTextLinks />
          <a href={`mailto:${email}`} className={buttonVariants({ variant: 'outline' })}>
            <Mail aria-hidden="true" />
            {t('legal.details.mail')}
          </a>
        </div>
      </section>
    </InfoPage>
  );
}

/** The full Terms of Service and Privacy Policy, as buttons. */
function FullTextLinks() {
  const { t } = useInfoTranslation();
  return (
    <>
      <Link to={paths.terms} className={buttonVariants({ variant: 'outline' })}>
        {t('terms.title')}
      </Link>
      <Link to={paths.privacy} className={buttonVariants({ variant: 'outline' })}>
        {t('privacy.title')}
      </Link>
    </>
  );
}
