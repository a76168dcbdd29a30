import { Clock, Mail, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** The three info cards of /contact: e-mail support, response time, safety. */
export function ContactInfoCards({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation();
  const cardClass = 'flex gap-3 rounded-xl border bg-card p-4 shadow-sm';
  const iconClass =
    'flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary';
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      <li className={cardClass}>
        <span className={iconClass}>
          <Mail aria-hidden="true" className="size-5" />
        </span>
        <div className="grid min-w-0 gap-1 text-sm">
          <h2 className="font-semibold">{t('contact.cards.emailTitle')}</h2>
          <a href={`mailto:${supportEmail}`} className="break-all text-primary underline underline-offset-2">
            {supportEmail}
          </a>
        </div>
      </li>
      <li className={cardClass}>
        <span className={iconClass}>
          <Clock aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1 text-sm">
          <h2 className="font-semibold">{t('contact.cards.responseTitle')}</h2>
          <p className="text-muted-foreground">{t('contact.cards.responseBody')}</p>
        </div>
      </li>
      <li className={cardClass}>
        <span className={iconClass}>
          <ShieldAlert aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1 text-sm">
          <h2 className="font-semibold">{t('contact.cards.safetyTitle')}</h2>
          <p className="text-muted-foreground">
            {t('contact.cards.safetyBody')}{' '}
            <Link to={paths.reportIssue} className="text-primary underline underline-offset-2">
              {t('contact.cards.safetyLink')}
            </Link>
          </p>
        </div>
      </li>
    </ul>
  );
}
