import { Eye, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { paths } from '../../../config/paths';
import { buttonVariants } from '../../../components/ui/button';

/** Visitors: 'Limited Preview' (up to 6 items) and the 'Preview Mode' banner (spec section 2, Browse). */
export function BrowseVisitorNotices() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <section
        aria-labelledby="limited-preview-title"
        className="flex flex-col gap-3 rounded-xl border bg-secondary/60 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="limited-preview-title" className="font-semibold">
            {t('browse.limitedPreview')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('browse.limitedPreviewBody', { count: LIMITS.visitorPreviewItems })}
          </p>
        </div>
        <Link to={paths.register} className={buttonVariants({ size: 'sm', className: 'shrink-0' })}>
          <UserPlus aria-hidden="true" />
          {t('browse.createProfile')}
        </Link>
      </section>
      <section
        aria-labelledby="preview-mode-title"
        className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900"
      >
        <Eye className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <h2 id="preview-mode-title" className="font-semibold">
            {t('browse.previewMode')}
          </h2>
          <p>
            {t('browse.previewModeBody')}{' '}
            <Link to={paths.login} className="font-semibold underline underline-offset-2">
              {t('browse.signIn')}
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
