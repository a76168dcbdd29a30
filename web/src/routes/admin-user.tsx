import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { PageMessage } from '../components/page-message';
import { SectionError } from '../components/section-states';
import { buttonVariants } from '../components/ui/button';
import { isNotFoundError, isRetryableError } from '../lib/api-client';
import { withCount } from '../lib/format';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useAdminUser } from '../features/admin/api/get-admin-user';
import { AccessDenied } from '../features/admin/components/access-denied';
import { AdminUserCard } from '../features/admin/components/admin-user-card';
import { SwapCountEditor } from '../features/admin/components/swap-count-editor';
import { SanctionPanel } from '../features/sanctions/components/sanction-panel';
import { useUserItems } from '../features/items/api/get-user-items';
import { AdminDeleteItemButton } from '../features/items/components/admin-delete-item-button';
import { ItemList } from '../features/items/components/item-list';
import { ItemStatCards } from '../features/items/components/item-stat-cards';
import { useReviews } from '../features/reviews/api/get-reviews';
import { ReviewList } from '../features/reviews/components/review-list';

const backLinkClass =
  'inline-flex w-fit items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** `/admin/users/:userId`: one account in detail, with its items and reviews (spec section 2). */
export default function AdminUserRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId = '' } = useParams();
  const viewer = useCurrentUser();
  const isAdmin = viewer.user?.role === 'admin';
  const target = useAdminUser(userId, { enabled: isAdmin });
  const loaded = isAdmin && target.isSuccess;
  const items = useUserItems(userId, { enabled: loaded });
  const reviews = useReviews(userId, { enabled: loaded });
  usePageMeta({ title: target.data?.fullName ?? t('admin.userDetailTitle') });

  if (viewer.isLoading) return <PageSkeleton />;
  if (!viewer.user || !isAdmin) return <AccessDenied />;
  if (target.isPending) return <PageSkeleton />;

  const backLink = (
    <Link to={paths.adminUsers} className={backLinkClass}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('admin.backToAllUsers')}
    </Link>
  );

  if (target.isError) {
    if (isNotFoundError(target.error)) {
      return (
        <PageMessage
          icon={SearchX}
          title={t('msg.userNotFound')}
          description={t('profile.notFoundDescription')}
        >
          <Link to={paths.adminUsers} className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeft aria-hidden="true" />
            {t('admin.backToAllUsers')}
          </Link>
        </PageMessage>
      );
    }
    return (
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10">
        {backLink}
        <SectionError
          title={t('admin.userLoadFailed')}
          onRetry={isRetryableError(target.error) ? () => void target.refetch() : undefined}
          retrying={target.isFetching}
        />
      </div>
    );
  }

  const user = target.data;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:py-10">
      {backLink}
      <AdminUserCard
        user={user}
        isSelf={user.id === viewer.user.id}
        onDeleted={() => void navigate(paths.adminUsers, { replace: true })}
      />
      <SanctionPanel user={user} isSelf={user.id === viewer.user.id} />
      <ItemStatCards
        query={items}
        variant="admin"
        swapCount={<SwapCountEditor key="swap-count" user={user} />}
      />
      <section aria-labelledby="admin-user-items" className="grid gap-3">
        <h2 id="admin-user-items" className="text-xl font-semibold tracking-tight">
          {withCount(t, t('admin.userItems'), items.data?.length)}
        </h2>
        <ItemList
          query={items}
          emptyTitle={t('admin.noUserItems')}
          renderActions={(item) => <AdminDeleteItemButton item={item} />}
        />
      </section>
      <section aria-labelledby="admin-user-reviews" className="grid gap-3">
        <h2 id="admin-user-reviews" className="text-xl font-semibold tracking-tight">
          {withCount(t, t('admin.userReviews'), reviews.data?.length)}
        </h2>
        <ReviewList query={reviews} linkReviewers canDelete emptyDescription={t('admin.noUserReviews')} />
      </section>
    </div>
  );
}
