import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/utils';
import { SAFETY_BANNER_CLASS } from './messages-page-layout';

/** The four safety reminders of the Messages page, linking to the safety guidelines (spec section 2). */
export function SafetyBanner({ className }: { className?: string }) {
  const { t } = useTranslation();
  const reminders = [
    t('messages.safety.meetPublic'),
    t('messages.safety.verifyItems'),
    t('messages.safety.trustInstincts'),
    t('messages.safety.reportSuspicious'),
  ];
  return (
    <section aria-labelledby="messages-safety-title" className={cn(SAFETY_BANNER_CLASS, className)}>
      <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <h2 id="messages-safety-title" className="text-sm font-semibold">
          {t('messages.safety.title')}
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
          {reminders.map((text) => (
            <li key={text} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-1 rounded-full bg-current" />
              {text}
            </li>
          ))}
        </ul>
        <Link
          to={paths.safetyGuidelines}
          className="inline-block text-sm font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('messages.safety.link')}
        </Link>
      </div>
    </section>
  );
}
