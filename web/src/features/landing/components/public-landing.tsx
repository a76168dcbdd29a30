import type { ParseKeys } from 'i18next';
import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheck,
  Eye,
  Flag,
  Globe2,
  Handshake,
  Leaf,
  PiggyBank,
  Quote,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

const BENEFITS: { icon: LucideIcon; key: 'free' | 'green' | 'community' | 'light' }[] = [
  { icon: PiggyBank, key: 'free' },
  { icon: Leaf, key: 'green' },
  { icon: Users, key: 'community' },
  { icon: Globe2, key: 'light' },
];

const EXAMPLE_CATEGORIES: ParseKeys[] = [
  'landing.categories.electronics',
  'landing.categories.books',
  'landing.categories.clothing',
  'landing.categories.travelGear',
  'landing.categories.homeItems',
  'landing.categories.sports',
  'landing.categories.music',
  'landing.categories.art',
  'landing.categories.kitchen',
  'landing.categories.souvenirs',
  'landing.categories.office',
  'landing.categories.health',
];

const TESTIMONIALS = ['1', '2', '3'] as const;

const SAFETY: { icon: LucideIcon; key: 'approved' | 'public' | 'reviews' | 'report' }[] = [
  { icon: BadgeCheck, key: 'approved' },
  { icon: Handshake, key: 'public' },
  { icon: Eye, key: 'reviews' },
  { icon: Flag, key: 'report' },
];

/**
 * The public landing sections for visitors (spec section 2, Public landing variant): benefits, example
 * categories, testimonials and safety points. Home shows them between how-it-works and the destinations.
 */
export function PublicLanding() {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="benefits-title" className="bg-card/60 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="benefits-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('landing.benefits.title')}
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map(({ icon: Icon, key }) => (
              <li key={key} className="rounded-xl border bg-card p-5 shadow-sm">
                <Icon className="size-7 text-primary" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{t(`landing.benefits.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`landing.benefits.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="example-categories-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="example-categories-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('landing.categories.title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('landing.categories.subtitle')}</p>
        <ul className="mt-6 flex flex-wrap gap-2">
          {EXAMPLE_CATEGORIES.map((key) => (
            <li key={key} className="rounded-full border bg-card px-4 py-2 text-sm font-medium shadow-xs">
              {t(key)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-title" className="bg-card/60 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="testimonials-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('landing.testimonials.title')}
          </h2>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {TESTIMONIALS.map((n) => (
              <li key={n}>
                <figure className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
                  <Quote className="size-6 text-primary" aria-hidden="true" />
                  <blockquote className="flex-1 text-sm">{t(`landing.testimonials.${n}.quote`)}</blockquote>
                  <figcaption className="text-sm">
                    <span className="font-semibold">{t(`landing.testimonials.${n}.name`)}</span>
                    <span className="block text-muted-foreground">
                      {t(`landing.testimonials.${n}.route`)}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="safety-points-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2
          id="safety-points-title"
          className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl"
        >
          <ShieldCheck className="size-7 text-primary" aria-hidden="true" />
          {t('landing.safety.title')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {SAFETY.map(({ icon: Icon, key }) => (
            <li key={key} className="flex gap-3 rounded-xl border bg-card p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{t(`landing.safety.${key}.title`)}</h3>
                <p className="text-sm text-muted-foreground">{t(`landing.safety.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
