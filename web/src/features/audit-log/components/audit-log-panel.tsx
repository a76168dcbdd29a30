import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryList } from './audit-entry-list';

const RECENT = 5;

/** Recent admin actions on the dashboard, with a link to the full audit log. */
export function AuditLogPanel() {
  const { t } = useTranslation();
  const log = useAuditLog({ limit: RECENT });
  return (
    <section aria-labelledby="audit-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-title" className="text-xl font-semibold tracking-tight">
          {t('auditLog.recentTitle')}
        </h2>
        <Link
          to={paths.adminAuditLog}
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('auditLog.viewAll')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <AuditEntryList query={log} limit={RECENT} />
    </section>
  );
}
