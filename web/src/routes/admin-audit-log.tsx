import { useTranslation } from 'react-i18next';
import { AdminSubpage } from '../app/shell/admin-subpage';
import { AuditLogBrowser } from '../features/audit-log/components/audit-log-browser';

/** `/admin/audit-log`: every admin action, read-only. Non-admins: 'Access Denied'. */
export default function AdminAuditLogRoute() {
  const { t } = useTranslation();
  return <AdminSubpage title={t('auditLog.title')}>{() => <AuditLogBrowser />}</AdminSubpage>;
}
