import type { LucideIcon } from 'lucide-react';
import { Camera, Handshake, MessageCircle } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

const steps: { icon: LucideIcon; titleKey: ParseKeys; bodyKey: ParseKeys }[] = [
  { icon: Camera, titleKey: 'home.howItWorks.list.title', bodyKey: 'home.howItWorks.list.body' },
  { icon: MessageCircle, titleKey: 'home.howItWorks.connect.title', bodyKey: 'home.howItWorks.connect.body' },
  { icon: Handshake, titleKey: 'home.howItWorks.exchange.title', bodyKey: 'home.howItWorks.exchange.body' },
];

/** The three-step landing message (spec section 1): list, find and connect, exchange and review. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-it-works-title" className="mx-auto max-w-6xl px-4 py-14">
      <div className="max-w-2xl">
        <h2 id="how-it-works-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('home.howItWorks.title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('home.howItWorks.subtitle')}</p>
      </div>
      <ol className="mt-8 grid gap-4 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.titleKey} className="relative rounded-xl border bg-card p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                <step.icon className="size-6" aria-hidden="true" />
              </span>
              <span className="text-xs font-semibold uppercase tracking-wider text-primary">
                {t('home.howItWorks.step', { n: index + 1 })}
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{t(step.titleKey)}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t(step.bodyKey)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
