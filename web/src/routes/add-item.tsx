import { Clock, House } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { AuthRequired } from '../components/auth-required';
import { PageMessage } from '../components/page-message';
import { buttonVariants } from '../components/ui/button';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { toast } from '../hooks/use-toast';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../app/shell/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useCreateItem } from '../features/items/api/save-item';
import { ItemForm, type ItemFormValues } from '../features/items/components/item-form';

const EMPTY: ItemFormValues = {
  title: '',
  description: '',
  category: '',
  condition: '',
  location: '',
  preferredExchange: '',
  images: [],
};

/** `/add-item` (spec section 2, List item): three states — logged out, unapproved, the form. */
export default function AddItemRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('itemForm.addPageTitle') });
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSkeleton />;
  if (!user) return <AuthRequired description={t('itemForm.loginToList')} />;
  if (!user.isApproved) return <PendingAdminApproval />;
  return <AddItem user={user} />;
}

/** Unapproved accounts may not list yet (spec section 6). */
export function PendingAdminApproval() {
  const { t } = useTranslation();
  return (
    <PageMessage
      icon={Clock}
      tone="warning"
      title={t('itemForm.pendingTitle')}
      description={
        <>
          <span className="block font-semibold text-foreground">{t('pendingNotice.checkBack')}</span>
          {t('itemForm.pendingBody')}
        </>
      }
    >
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        <House aria-hidden="true" />
        {t('itemForm.returnHome')}
      </Link>
    </PageMessage>
  );
}

function AddItem({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createItem = useCreateItem();

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{t('itemForm.addTitle')}</h1>
          <p className="text-sm text-muted-foreground">{t('itemForm.addSubtitle')}</p>
        </CardHeader>
        <CardContent>
          <ItemForm
            mode="create"
            defaultValues={{ ...EMPTY, location: user.location }}
            submitLabel={t('itemForm.submitCreate')}
            submittingLabel={t('itemForm.submittingCreate')}
            failedTitle={t('itemForm.createFailed')}
            onSubmit={async (values) => {
              await createItem.mutateAsync({ ...values, images: values.images ?? [], userId: user.id });
              toast({
                title: t('itemForm.created'),
                description: t('itemForm.createdDescription'),
                variant: 'success',
              });
              await navigate(paths.browse);
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
