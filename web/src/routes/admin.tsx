import { ShieldAlert, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { PageMessage } from '../components/page-message';
import { buttonVariants } from '../components/ui/button';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { PendingUsersSection } from '../features/admin/components/pending-users-section';
import { ItemManagement } from '../features/items/components/item-management';
import { ReportsSection } from '../features/reports/components/reports-section';
import { ReportSanctionActions } from '../features/sanctions/components/report-sanction-actions';
import { AuditLogPanel } from '../features/audit-log/components/audit-log-panel';
import { ContactMessagesSection } from '../features/contact/components/contact-messages-section';

/** `/admin`: the admin dashboard (spec section 2). Everyone else sees 'Admin Access Required'. */
export default function AdminRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('admin.dashboardTitle') });
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageSkeleton />;
  if (user?.role !== 'admin') {
    return (
      <PageMessage
        icon={ShieldAlert}
        tone="danger"
        title={t('msg.adminRequired')}
        description={t('admin.restricted')}
      >
        <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
          {t('errors.goHome')}
        </Link>
      </PageMessage>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('admin.dashboardTitle')}</h1>
          <p className="mt-1 text-muted-foreground">{t('admin.dashboardSubtitle')}</p>
        </div>
        <Link to={paths.adminUsers} className={buttonVariants()}>
          <Users aria-hidden="true" />
          {t('admin.viewAllUsers')}
        </Link>
      </div>
      {/*
        The dashboard's sections stack in the spec's order: Item Management, Reports Submitted, Pending User
        Approvals; then what the moderation slice adds: recent admin actions and contact messages.
      */}
      <div className="grid gap-10">
        <ItemManagement />
        <ReportsSection renderActions={(report) => <ReportSanctionActions report={report} />} />
        <PendingUsersSection />
        <AuditLogPanel />
        <ContactMessagesSection />
      </div>
    </div>
  );
}
