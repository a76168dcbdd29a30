import { CheckCircle2, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The emergency notice shown above the report form. */
export function EmergencyNotice() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="emergency-title"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <h2 id="emergency-title" className="font-semibold">
          {t('report.emergencyTitle')}
        </h2>
        <p>{t('report.emergencyBody')}</p>
      </div>
    </aside>
  );
}

const NEXT_STEPS = ['review', 'investigate', 'action', 'followUp'] as const;

/** What happens after a report is filed. */
export function WhatHappensNext() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="next-title" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id="next-title" className="font-semibold">
        {t('report.nextTitle')}
      </h2>
      <ol className="grid gap-2 text-sm">
        {NEXT_STEPS.map((step) => (
          <li key={step} className="flex gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{t(`report.next.${step}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
