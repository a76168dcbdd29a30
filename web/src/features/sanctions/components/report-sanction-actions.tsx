import type { Report } from '@nomadswap/contracts/responses';
import { useTranslation } from 'react-i18next';
import { SanctionActions } from './sanction-actions';

/**
 * Warn / Restrict / Suspend on an open report about a user (issue 26): the sanction names the report, which it
 * resolves and records, so a report is handled in one place.
 */
export function ReportSanctionActions({ report }: { report: Report }) {
  const { t } = useTranslation();
  if (!report.relatedUser || report.status !== 'open') return null;
  return (
    <SanctionActions
      target={{ id: report.relatedUser.id, name: t('sanctions.reportedUser') }}
      reportId={report.id}
    />
  );
}
