import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { AuthRequired } from '../components/auth-required';
import { Card, CardContent, CardHeader } from '../components/ui/card';
import { toast } from '../hooks/use-toast';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useCreateItem } from '../features/items/api/create-item';
import { PendingAdminApproval } from '../features/items/components/pending-admin-approval';
import { ItemForm, type ItemFormValues } from '../features/items/components/item-form';
import { tomorrowOf } from '../features/items/utils/deadline';
import { formatStayDate } from '../lib/stays';

const EMPTY: ItemFormValues = {
  title: '',
  description: '',
  category: '',
  condition: '',
  location: '',
  preferredExchange: '',
  availableUntil: '',
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

/**
 * The form's first values: the city of the user's stay when they have one (else their location), and its last
 * day as the deadline when that day is still pickable (issue 22: listings leave when their owner does).
 */
function defaultsFor(user: UserSelf, now: Date): ItemFormValues {
  const { stay } = user;
  if (!stay) return { ...EMPTY, location: user.location, placeId: user.placeId ?? undefined };
  const pickable = stay.untilDate >= tomorrowOf(now);
  return {
    ...EMPTY,
    location: stay.location,
    placeId: stay.placeId ?? undefined,
    availableUntil: pickable ? stay.untilDate : '',
  };
}

function AddItem({ user }: { user: UserSelf }) {
  const { t, i18n } = useTranslation();
  const [defaultValues] = useState(() => defaultsFor(user, new Date()));
  const stay = user.stay;
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
            defaultValues={defaultValues}
            availableUntilNote={
              stay && defaultValues.availableUntil
                ? t('stays.stayEnds', { date: formatStayDate(stay.until, stay.timezone, i18n.language) })
                : undefined
            }
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
