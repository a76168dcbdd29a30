import { useTranslation } from 'react-i18next';
import { AdminSubpage } from '../app/shell/admin-subpage';
import { UsersOverview } from '../features/admin/components/users-overview';

/** `/admin/users`: every account, approved and pending (spec section 2). Non-admins: 'Access Denied'. */
export default function AdminUsersRoute() {
  const { t } = useTranslation();
  return (
    <AdminSubpage title={t('admin.allUsersTitle')} wide>
      {(adminId) => <UsersOverview adminId={adminId} />}
    </AdminSubpage>
  );
}
