import { CirclePlus, Download, Search, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { INSTALL_APP_ANCHOR, paths } from '../../../config/paths';
import { buttonVariants } from '../../../components/ui/button';

const onDark =
  'focus-visible:ring-white focus-visible:ring-offset-teal-800 border-white/60 bg-transparent text-white hover:bg-white/10';

/**
 * The closing call to action (spec section 2, Home). 'Download App' leads to the footer's install section:
 * the app is this PWA installed to the home screen.
 */
export function ClosingCta({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="closing-cta-title" className="mx-auto max-w-6xl px-4 pb-6 pt-4">
      <div className="rounded-2xl bg-gradient-to-br from-teal-800 to-emerald-600 px-6 py-10 text-center text-white sm:px-10">
        <h2 id="closing-cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {signedIn ? t('home.cta.titleSignedIn') : t('home.cta.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-teal-50/90">
          {signedIn ? t('home.cta.bodySignedIn') : t('home.cta.body')}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {signedIn ? (
            <>
              <Link
                to={paths.browse}
                className={buttonVariants({
                  size: 'lg',
                  className: 'bg-white text-teal-900 hover:bg-teal-50',
                })}
              >
                <Search aria-hidden="true" />
                {t('home.cta.browse')}
              </Link>
              <Link
                to={paths.addItem}
                className={buttonVariants({ size: 'lg', variant: 'outline', className: onDark })}
              >
                <CirclePlus aria-hidden="true" />
                {t('home.cta.listFirst')}
              </Link>
            </>
          ) : (
            <>
              <Link
                to={paths.register}
                className={buttonVariants({
                  size: 'lg',
                  className: 'bg-white text-teal-900 hover:bg-teal-50',
                })}
              >
                <UserPlus aria-hidden="true" />
                {t('home.cta.signUp')}
              </Link>
              <Link
                to={paths.browse}
                className={buttonVariants({ size: 'lg', variant: 'outline', className: onDark })}
              >
                <Search aria-hidden="true" />
                {t('home.cta.browse')}
              </Link>
              <Link
                to={`#${INSTALL_APP_ANCHOR}`}
                className={buttonVariants({ size: 'lg', variant: 'outline', className: onDark })}
              >
                <Download aria-hidden="true" />
                {t('home.cta.download')}
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
