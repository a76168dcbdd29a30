import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { DeleteButton } from '../../../components/delete-button';
import { toast } from '../../../hooks/use-toast';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useDeleteUser } from '../api/delete-user';

interface DeleteUserButtonProps {
  user: UserSelf;
  /**
   * Which endpoint deletes: `admin` → DELETE /api/admin/users/:id (dashboard, user detail); `users` →
   * DELETE /api/users/:id (all-users page), as the spec's call table assigns them.
   */
  via: 'admin' | 'users';
  onDeleted?: () => void;
}

/** Delete a user after a confirmation: 'User deleted', or 'Error' with the reason. */
export function DeleteUserButton({ user, via, onDeleted }: DeleteUserButtonProps) {
  const { t } = useTranslation();
  const afterDelete = {
    onDeleted: () => {
      toast({ title: t('admin.userDeleted'), variant: 'success' });
      onDeleted?.();
    },
  };
  const deleteAdminUser = useDeleteAdminUser(afterDelete);
  const deleteUser = useDeleteUser(afterDelete);
  const mutation = via === 'admin' ? deleteAdminUser : deleteUser;

  return (
    <DeleteButton
      label={t('admin.deleteUserNamed', { name: user.fullName })}
      title={t('admin.deleteUserTitle')}
      description={t('admin.deleteUserBody', { name: user.fullName, username: user.username })}
      confirmLabel={t('admin.deleteUserConfirm')}
      failedText={t('admin.deleteUserFailed')}
      pending={mutation.isPending}
      onConfirm={({ settled, failed }) => mutation.mutate(user.id, { onError: failed, onSettled: settled })}
    />
  );
}
