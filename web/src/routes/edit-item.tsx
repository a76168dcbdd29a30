import { useState } from 'react';
import { ArrowLeft, Lock, PackageX, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Item, ItemImage, UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { AuthRequired } from '../components/auth-required';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageMessage } from '../components/page-message';
import { SectionError } from '../components/section-states';
import { Button, buttonVariants } from '../components/ui/button';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { errorMessage, isApiError } from '../lib/api-client';
import { messageText } from '../i18n/message-text';
import { toast } from '../hooks/use-toast';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../app/shell/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useItem } from '../features/items/api/get-item';
import { useDeleteItem, useUpdateItem } from '../features/items/api/save-item';
import { ItemForm, type ItemFormValues } from '../features/items/components/item-form';

/** `/edit-item/:id` (spec section 2, Edit item): owners only. */
export default function EditItemRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('itemForm.editPageTitle') });
  const { id = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSkeleton />;
  if (!user) return <AuthRequired description={t('itemForm.loginToEdit')} />;
  return <EditItemPage id={id} user={user} />;
}

function EditItemPage({ id, user }: { id: string; user: UserSelf }) {
  const { t } = useTranslation();
  const item = useItem(id);
  const back = (
    <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      {t('itemDetail.backToBrowse')}
    </Link>
  );
  const accessDenied = (
    <PageMessage
      icon={Lock}
      tone="danger"
      title={t('itemForm.accessDenied')}
      description={t('itemForm.accessDeniedBody')}
    >
      {back}
    </PageMessage>
  );

  if (item.isPending) return <PageSkeleton />;
  if (item.isError) {
    if (isApiError(item.error) && item.error.status === 404) {
      return (
        <PageMessage icon={PackageX} title={t('msg.itemNotFound')} description={t('itemDetail.notFoundBody')}>
          {back}
        </PageMessage>
      );
    }
    // The service answers 403 to anyone who may not open someone else's item.
    if (isApiError(item.error) && item.error.status === 403) return accessDenied;
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <SectionError
          title={t('itemDetail.loadFailed')}
          onRetry={() => void item.refetch()}
          retrying={item.isFetching}
        />
      </div>
    );
  }
  if (item.data.userId !== user.id) return accessDenied;
  return <EditItem item={item.data} />;
}

/** A stored photo is kept by its URL; one still processing has no URL yet, so it is named by its id. */
function photoUrl(photo: ItemImage): string {
  return photo.full ?? `/api/images/${photo.id}?size=full`;
}

function EditItem({ item }: { item: Item }) {
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
    preferredExchange: item.preferredExchange ?? '',
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
          description: messageText(t, errorMessage(error, t('items.deleteFailed'))),
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
