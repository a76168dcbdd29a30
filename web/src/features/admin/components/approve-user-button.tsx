import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useApproveUser } from '../api/approve-user';

/** Approve a pending user: 'User approved' / 'The user can now list items.' (spec section 8). */
export function ApproveUserButton({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const approve = useApproveUser();

  const onClick = () =>
    approve.mutate(user.id, {
      onSuccess: () =>
        toast({
          title: t('admin.userApproved'),
          description: t('admin.userApprovedDescription'),
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: t('admin.approveFailed'),
          description: errorText(t, error, t('admin.approveFailedDescription')),
          variant: 'destructive',
        }),
    });

  return (
    <Button
      size="sm"
      onClick={onClick}
      disabled={approve.isPending}
      aria-label={t('admin.approveNamed', { name: user.fullName })}
    >
      <Check aria-hidden="true" />
      {approve.isPending ? t('admin.approving') : t('admin.approve')}
    </Button>
  );
}
