import { ArrowRight, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { buttonVariants } from '../../../components/ui/button';

/** Home hero (spec section 2, Home). 'Start Exchanging' goes to /browse when signed in, else to sign-up. */
export function Hero({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-gradient-to-br from-teal-900 via-teal-700 to-emerald-600 text-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20 lg:py-24">
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-extrabold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
        >
          {t('home.hero.titleLead')} <span className="block text-teal-200">{t('home.hero.titleAccent')}</span>
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-teal-50/90 sm:text-xl">{t('home.hero.subtitle')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to={signedIn ? paths.browse : paths.register}
            className={buttonVariants({
              size: 'lg',
              className:
                'bg-white text-teal-900 shadow-lg hover:bg-teal-50 focus-visible:ring-white focus-visible:ring-offset-teal-800',
            })}
          >
            {t('home.hero.start')}
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link
            to={paths.learnMore}
            className={buttonVariants({
              size: 'lg',
              variant: 'outline',
              className:
                'border-white/60 bg-transparent text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-teal-800',
            })}
          >
            {t('home.hero.learnMore')}
            {/* 'Learn More' alone does not say where it leads (WCAG 2.4.4; Lighthouse SEO link-text). */}
            <span className="sr-only">{t('home.hero.learnMoreContext')}</span>
          </Link>
        </div>
      </div>
      {/* The decorations come after the text (they are behind it all the same: -z-10 in an isolated section): two
          of them sit against the hero's bottom or middle, and a browser paints the document as it arrives, so
          before the text had arrived they were painted higher up and moved down when it came (a layout shift). */}
      <div
        aria-hidden="true"
        className="absolute -right-24 -top-24 -z-10 size-80 rounded-full bg-teal-400/25 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-32 -left-20 -z-10 size-72 rounded-full bg-emerald-300/20 blur-2xl"
      />
      <RefreshCw
        aria-hidden="true"
        strokeWidth={1.25}
        className="absolute -right-16 top-1/2 -z-10 hidden size-[26rem] -translate-y-1/2 text-white/10 lg:block xl:right-8"
      />
    </section>
  );
}
