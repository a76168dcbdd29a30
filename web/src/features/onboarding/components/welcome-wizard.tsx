import { useEffect, useRef, useState } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeft,
  ArrowRight,
  CirclePlus,
  Handshake,
  MapPin,
  PartyPopper,
  Search,
  ShieldCheck,
  Star,
  UserRound,
} from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { StarRating } from '../../../components/star-rating';
import { StepProgress } from '../../../components/step-progress';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

const TOTAL = LIMITS.onboardingSteps;

const stepIcons: LucideIcon[] = [PartyPopper, Search, CirclePlus, Handshake, Star];

const shortcuts: { to: string; icon: LucideIcon; titleKey: ParseKeys; bodyKey: ParseKeys }[] = [
  {
    to: paths.profile,
    icon: UserRound,
    titleKey: 'welcome.shortcuts.profile',
    bodyKey: 'welcome.shortcuts.profileBody',
  },
  {
    to: paths.browse,
    icon: Search,
    titleKey: 'welcome.shortcuts.browse',
    bodyKey: 'welcome.shortcuts.browseBody',
  },
  {
    to: paths.addItem,
    icon: CirclePlus,
    titleKey: 'welcome.shortcuts.addItem',
    bodyKey: 'welcome.shortcuts.addItemBody',
  },
];

/** The five-step onboarding after registration (spec section 2, Welcome onboarding). */
export function WelcomeWizard({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(1);
  const percent = Math.round((step / TOTAL) * 100);
  const Icon = stepIcons[step - 1] ?? PartyPopper;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // After Previous/Next, screen-reader and keyboard users continue at the new step's title (not on arrival).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {t('welcome.eyebrow')}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{t('welcome.heading')}</h1>
        </div>
        <Link
          to={paths.home}
          className="shrink-0 rounded text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('welcome.skip')}
        </Link>
      </div>

      <Card>
        <CardContent className="grid gap-6 p-5 sm:p-8">
          <StepProgress
            counter={t('welcome.stepCounter', { step, total: TOTAL })}
            percentText={t('welcome.percent', { percent })}
            percent={percent}
            label={t('welcome.progressLabel')}
          />

          <section aria-labelledby="welcome-step-title" className="grid gap-4">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
              <Icon className="size-7" aria-hidden="true" />
            </span>
            <h2
              id="welcome-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-bold tracking-tight focus:outline-none sm:text-2xl"
            >
              {step === 1
                ? t('welcome.steps.1.title', { name: user.fullName })
                : t(`welcome.steps.${step as 2 | 3 | 4 | 5}.title`)}
            </h2>
            <p className="text-muted-foreground">{t(`welcome.steps.${step as 1 | 2 | 3 | 4 | 5}.body`)}</p>
            <StepDetails step={step} user={user} />
          </section>

          <div
            role="group"
            aria-label={t('welcome.stepNavLabel')}
            className="flex flex-wrap items-center justify-between gap-2 border-t pt-5"
          >
            <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={step === 1}>
              <ArrowLeft aria-hidden="true" />
              {t('welcome.previous')}
            </Button>
            {step < TOTAL ? (
              <Button onClick={() => setStep((s) => s + 1)}>
                {t('welcome.next')}
                <ArrowRight aria-hidden="true" />
              </Button>
            ) : (
              <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
                <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
                  <Search aria-hidden="true" />
                  {t('welcome.browseItems')}
                </Link>
                <Link to={paths.addItem} className={buttonVariants()}>
                  <CirclePlus aria-hidden="true" />
                  {t('welcome.listFirstItem')}
                </Link>
              </div>
            )}
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="welcome-shortcuts-title" className="grid gap-3">
        <h2 id="welcome-shortcuts-title" className="text-lg font-semibold">
          {t('welcome.shortcuts.title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {shortcuts.map((shortcut) => (
            <li key={shortcut.to}>
              <Link
                to={shortcut.to}
                className="flex h-full items-start gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <shortcut.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="grid gap-0.5">
                  <span className="font-semibold">{t(shortcut.titleKey)}</span>
                  <span className="text-sm text-muted-foreground">{t(shortcut.bodyKey)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function StepDetails({ step, user }: { step: number; user: UserSelf }) {
  const { t } = useTranslation();
  if (step === 1) {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
        <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="font-medium">{t('welcome.yourLocation')}</span>
        <span className={cn(!user.location.trim() && 'text-muted-foreground')}>
          {user.location.trim() || t('welcome.notSpecified')}
        </span>
      </p>
    );
  }
  if (step === 4) {
    return (
      <ul className="grid gap-2 text-sm">
        {(['public', 'inspect', 'instincts'] as const).map((tip) => (
          <li key={tip} className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t(`welcome.safetyTips.${tip}`)}
          </li>
        ))}
      </ul>
    );
  }
  if (step === 5) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-muted px-4 py-3">
        <span className="text-sm font-medium">{t('welcome.trustScore')}</span>
        <span className="font-semibold text-primary">{t('welcome.newMember')}</span>
        <StarRating rating={0} />
      </div>
    );
  }
  return null;
}
