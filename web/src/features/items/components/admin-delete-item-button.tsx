import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Item } from '@nomadswap/contracts/responses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { messageText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useDeleteItemAsAdmin } from '../api/delete-item-as-admin';

/** Admin delete of any item, after a confirmation ('Item deleted'; spec section 8 for failures). */
export function AdminDeleteItemButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const deleteItem = useDeleteItemAsAdmin();

  const onConfirm = () =>
    deleteItem.mutate(item.id, {
      onSuccess: () => toast({ title: t('items.deleted'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('common.error'),
          description: messageText(t, errorMessage(error, t('items.deleteFailed'))),
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
        aria-label={t('items.deleteItemNamed', { title: item.title })}
      >
        <Trash2 aria-hidden="true" />
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('items.deleteConfirmTitle')}
        description={t('items.deleteConfirmBody', { title: item.title })}
        confirmLabel={t('items.deleteConfirm')}
        pendingLabel={t('common.deleting')}
        pending={deleteItem.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
