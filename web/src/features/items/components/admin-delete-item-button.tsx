import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { DeleteButton } from '../../../components/delete-button';
import { toast } from '../../../hooks/use-toast';
import { useDeleteItemAsAdmin } from '../api/delete-item-as-admin';

/** Admin delete of any item, after a confirmation ('Item deleted'; spec section 8 for failures). */
export function AdminDeleteItemButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const deleteItem = useDeleteItemAsAdmin();
  return (
    <DeleteButton
      label={t('items.deleteItemNamed', { title: item.title })}
      title={t('items.deleteConfirmTitle')}
      description={t('items.deleteConfirmBody', { title: item.title })}
      confirmLabel={t('items.deleteConfirm')}
      failedText={t('items.deleteFailed')}
      pending={deleteItem.isPending}
      onConfirm={({ settled, failed }) =>
        deleteItem.mutate(item.id, {
          onSuccess: () => toast({ title: t('items.deleted'), variant: 'success' }),
          onError: failed,
          onSettled: settled,
        })
      }
    />
  );
}
