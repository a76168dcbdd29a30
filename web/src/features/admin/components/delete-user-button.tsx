import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { messageText } from '../../../i18n/message-text';
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
  const [open, setOpen] = useState(false);
  const afterDelete = {
    onDeleted: () => {
      toast({ title: t('admin.userDeleted'), variant: 'success' });
      onDeleted?.();
    },
  };
  const deleteAdminUser = useDeleteAdminUser(afterDelete);
  const deleteUser = useDeleteUser(afterDelete);
  const mutation = via === 'admin' ? deleteAdminUser : deleteUser;

  const onConfirm = () =>
    mutation.mutate(user.id, {
      onError: (error) =>
        toast({
          title: t('common.error'),
          description: messageText(t, errorMessage(error, t('admin.deleteUserFailed'))),
          variant: 'destructive',
        }),
      onSettled: () => setOpen(false),
    });

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setOpen(true)}
        aria-label={t('admin.deleteUserNamed', { name: user.fullName })}
      >
        <Trash2 aria-hidden="true" />
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin.deleteUserTitle')}
        description={t('admin.deleteUserBody', { name: user.fullName, username: user.username })}
        confirmLabel={t('admin.deleteUserConfirm')}
        pendingLabel={t('common.deleting')}
        pending={mutation.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
