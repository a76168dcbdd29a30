import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES } from '@nomadswap/contracts/enums';
import { paths } from '../config/paths';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { usePageMeta } from '../hooks/use-page-meta';
import { readReportedUser } from '../lib/report-hint';
import { useItem } from '../features/items/api/get-item';
import { useUser } from '../features/users/api/get-user';
import { ReportForm, type ReportFormValues } from '../features/reports/components/report-form';
import { EmergencyNotice, WhatHappensNext } from '../features/reports/components/report-info';

/**
 * `/report-issue` (spec section 2): open to everyone. `?type=user&user={id}` (chat's Report) or the Report
 * User hint in session storage pre-fill the reported user; `?type=item&item={id}` the reported listing.
 */
export default function ReportIssueRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('report.pageTitle'), description: t('meta.descriptions.reportIssue') });
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [prefill] = useState(() => initialValues(search));
  // A form opened from a listing or a chat names what it reports, not only its id.
  const { relatedItem, relatedUser } = prefill.values;
  const item = useItem(relatedItem, { enabled: relatedItem !== '' }).data;
  const user = useUser(relatedUser, { enabled: relatedUser !== '' && !prefill.note }).data;
  const userNote = prefill.note ?? (user ? { name: user.fullName, username: user.username } : undefined);

  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6 sm:py-10">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('report.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('report.subtitle')}</p>
      </header>
      <EmergencyNotice />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t('report.formTitle')}</h2>
        </CardHeader>
        <CardContent>
          <ReportForm
            defaultValues={prefill.values}
            {...(userNote ? { reportedUserNote: t('report.reportingUser', userNote) } : {})}
            {...(item ? { reportedItemNote: t('report.reportingItem', { title: item.title }) } : {})}
            onSubmitted={() => navigate(paths.reported)}
          />
        </CardContent>
      </Card>
      <WhatHappensNext />
    </div>
  );
}

function initialValues(search: URLSearchParams): {
  values: ReportFormValues;
  note?: { name: string; username: string };
} {
  const values: ReportFormValues = {
    type: '',
    urgency: '',
    subject: '',
    description: '',
    relatedUser: '',
    relatedItem: '',
    contactEmail: '',
  };
  const type = search.get('type') ?? '';
  if ((REPORT_TYPES as readonly string[]).includes(type)) values.type = type;
  const item = search.get('item');
  if (item) {
    values.type ||= 'item';
    values.relatedItem = item;
  }
  const userId = search.get('user');
  const hint = readReportedUser();
  // The hint names the user (Report User); it is used when the link names no one else.
  if (hint && (!userId || userId === hint.id)) {
    values.type = 'user';
    values.relatedUser = hint.id;
    return { values, note: { name: hint.fullName || hint.username, username: hint.username } };
  }
  if (userId) {
    values.type = 'user';
    values.relatedUser = userId;
  }
  return { values };
}
