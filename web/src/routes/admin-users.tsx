import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { SubpageLayout } from '../components/subpage-layout';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { AccessDenied } from '../features/admin/components/access-denied';
import { UsersOverview } from '../features/admin/components/users-overview';

/** `/admin/users`: every account, approved and pending (spec section 2). Non-admins: 'Access Denied'. */
export default function AdminUsersRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('admin.allUsersTitle') });
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageSkeleton />;
  if (user?.role !== 'admin') return <AccessDenied />;

  return (
    <SubpageLayout
      backTo={paths.admin}
      backLabel={t('admin.backToDashboard')}
      title={t('admin.allUsersTitle')}
      wide
    >
      <UsersOverview adminId={user.id} />
    </SubpageLayout>
  );
}
