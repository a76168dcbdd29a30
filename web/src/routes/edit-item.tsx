import { ArrowLeft, Lock, PackageX } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { AuthRequired } from '../components/auth-required';
import { PageMessage } from '../components/page-message';
import { PageSkeleton } from '../components/page-skeleton';
import { SectionError } from '../components/section-states';
import { buttonVariants } from '../components/ui/button';
import { isApiError, isNotFoundError, isRetryableError } from '../lib/api-client';
import { usePageMeta } from '../hooks/use-page-meta';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useItem } from '../features/items/api/get-item';
import { EditItemCard } from '../features/items/components/edit-item-card';

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
    if (isNotFoundError(item.error)) {
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
          onRetry={isRetryableError(item.error) ? () => void item.refetch() : undefined}
          retrying={item.isFetching}
        />
      </div>
    );
  }
  if (item.data.userId !== user.id) return accessDenied;
  return <EditItemCard item={item.data} />;
}
