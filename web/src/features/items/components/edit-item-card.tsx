import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Item, ItemImage } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useDeleteItem } from '../api/delete-item';
import { useUpdateItem } from '../api/update-item';
import { localDate } from '../utils/deadline';
import { ItemForm, type ItemFormValues } from './item-form';
import { SwappedCheckbox } from './swapped-checkbox';

/** A stored photo is kept by its URL; one still processing has no URL yet, so it is named by its id. */
function photoUrl(photo: ItemImage): string {
  return photo.full ?? `/api/images/${photo.id}?size=full`;
}

/** The owner's edit form with Delete (asks first); both end on /browse with the spec's toasts. */
export function EditItemCard({ item }: { item: Item }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateItem = useUpdateItem();
  const deleteItem = useDeleteItem();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const images = item.photos.length > 0 ? item.photos.map(photoUrl) : item.images;
  const photoStates = Object.fromEntries(item.photos.map((photo) => [photoUrl(photo), photo.state]));
  const defaultValues: ItemFormValues = {
    title: item.title,
    description: item.description,
    category: item.category,
    condition: item.condition,
    location: item.location,
    placeId: item.placeId ?? undefined,
    preferredExchange: item.preferredExchange ?? '',
    // The stored instant as a day of the viewer's calendar; sent again only if changed.
    availableUntil: item.availableUntil ? localDate(new Date(item.availableUntil)) : '',
    images,
  };

  const onDelete = () =>
    deleteItem.mutate(item.id, {
      onSuccess: async () => {
        toast({ title: t('items.deleted'), variant: 'success' });
        await navigate(paths.browse);
      },
      onError: (error) => {
        setConfirmOpen(false);
        toast({
          title: t('common.error'),
          description: errorText(t, error, t('items.deleteFailed')),
          variant: 'destructive',
        });
      },
    });

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{t('itemForm.editTitle')}</h1>
          <p className="truncate text-sm text-muted-foreground">{item.title}</p>
          <div className="pt-2">
            <SwappedCheckbox item={item} />
          </div>
        </CardHeader>
        <CardContent>
          <ItemForm
            mode="edit"
            defaultValues={defaultValues}
            photoStates={photoStates}
            submitLabel={t('itemForm.submitEdit')}
            submittingLabel={t('profile.edit.saving')}
            failedTitle={t('itemForm.updateFailed')}
            onSubmit={async (values) => {
              await updateItem.mutateAsync({ id: item.id, data: values });
              toast({ title: t('itemForm.updated'), variant: 'success' });
              await navigate(paths.browse);
            }}
            extraActions={
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirmOpen(true)}
              >
                <Trash2 aria-hidden="true" />
                {t('common.delete')}
              </Button>
            }
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('items.deleteConfirmTitle')}
        description={t('items.deleteConfirmBody', { title: item.title })}
        confirmLabel={t('items.deleteConfirm')}
        pendingLabel={t('common.deleting')}
        pending={deleteItem.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}
