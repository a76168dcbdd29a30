import { useState } from 'react';
import { Gavel, TriangleAlert, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';

const DISMISSED_KEY = (id: string) => `warningDismissed:${id}`;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/** The contact form with the appeal category chosen (issue 26: the rules promise an answer in 3–5 days). */
export const APPEAL_PATH = `${paths.contact}?category=appeal`;

function wasDismissed(id: string): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY(id)) === '1';
  } catch {
    return false;
  }
}

/**
 * What a sanctioned user is told on every page (issue 26): a restriction says what they cannot do, until when
 * and how to appeal; the latest warning shows until they dismiss it (remembered in this browser).
 */
export function SanctionBanners({ user }: { user: UserSelf }) {
  const { t, i18n } = useTranslation();
  const warning = user.warning ?? null;
  const [dismissed, setDismissed] = useState(() => (warning ? wasDismissed(warning.id) : true));
  const restriction = user.sanction?.type === 'restrict' ? user.sanction : null;
  const showWarning = warning !== null && !dismissed && !wasDismissed(warning.id);

  const dismiss = () => {
    if (!warning) return;
    try {
      window.localStorage.setItem(DISMISSED_KEY(warning.id), '1');
    } catch {
      // Not remembered: it shows again on the next visit.
    }
    setDismissed(true);
  };

  return (
    <>
      {restriction ? (
        <section aria-labelledby="restriction-text" className="border-b border-red-200 bg-destructive/10">
          <div className="mx-auto flex max-w-6xl gap-3 px-4 py-3 text-sm">
            <Gavel className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
            <div className="min-w-0 space-y-1">
              <p id="restriction-text" className="font-medium">
                {restriction.endsAt
                  ? t('sanctions.banner.restrictedUntil', {
                      date: formatDate(restriction.endsAt, i18n.language, DATE_TIME),
                    })
                  : t('sanctions.banner.restrictedForGood')}
              </p>
              <p className="wrap-anywhere text-xs">
                {t('sanctions.banner.reason', { reason: restriction.reason })}
              </p>
              <p className="text-xs">
                <Link to={APPEAL_PATH} className="font-medium underline underline-offset-2">
                  {t('sanctions.banner.appeal')}
                </Link>
              </p>
            </div>
          </div>
        </section>
      ) : null}
      {showWarning ? (
        <section aria-labelledby="warning-text" className="border-b border-amber-200 bg-warning">
          <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm text-warning-foreground">
            <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div className="min-w-0 flex-1 space-y-1">
              <p id="warning-text" className="wrap-anywhere font-medium">
                {t('sanctions.banner.warning', { reason: warning.reason })}
              </p>
              <p className="text-xs">
                <Link to={APPEAL_PATH} className="underline underline-offset-2">
                  {t('sanctions.banner.appeal')}
                </Link>
              </p>
            </div>
            <Button size="icon" variant="ghost" onClick={dismiss} aria-label={t('sanctions.banner.dismiss')}>
              <X aria-hidden="true" />
            </Button>
          </div>
        </section>
      ) : null}
    </>
  );
}
