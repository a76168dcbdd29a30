import { Pencil, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { PageMessage } from '../components/page-message';
import { SectionError } from '../components/section-states';
import { buttonVariants } from '../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { isApiError, isNotFoundError, isRetryableError } from '../lib/api-client';
import { withCount } from '../lib/format';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useUserItems } from '../features/items/api/get-user-items';
import { ItemList } from '../features/items/components/item-list';
import { ReplyTimeText } from '../features/messages/components/reply-time-text';
import { useReviews } from '../features/reviews/api/get-reviews';
import { ReviewList } from '../features/reviews/components/review-list';
import { useUser } from '../features/users/api/get-user';
import { ApprovalRequired } from '../features/users/components/approval-required';
import { ReportUserButton } from '../features/users/components/report-user-button';
import { UserProfileCard } from '../features/users/components/user-profile-card';

/**
 * `/user/:userId`: another user's public profile, for approved viewers and for the user themself (spec
 * section 2). Everyone else gets 'Approval Required' and is sent home; the server refuses them too (403).
 */
export default function UserProfileRoute() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const viewer = useCurrentUser();
  const isSelf = viewer.user?.id === userId;
  const isAdmin = viewer.user?.role === 'admin';
  const allowed = isSelf || isAdmin || viewer.user?.isApproved === true;

  const profile = useUser(userId, { enabled: allowed });
  const loaded = allowed && profile.isSuccess;
  const items = useUserItems(userId, { enabled: loaded });
  const reviews = useReviews(userId, { enabled: loaded });
  usePageMeta({ title: profile.data?.fullName ?? t('profile.publicPageTitle') });

  if (viewer.isLoading) return <PageSkeleton />;
  if (!allowed) return <ApprovalRequired />;
  if (profile.isPending) return <PageSkeleton />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.code === 'NOT_APPROVED') return <ApprovalRequired />;
    if (isNotFoundError(profile.error)) {
      return (
        <PageMessage
          icon={SearchX}
          title={t('msg.userNotFound')}
          description={t('profile.notFoundDescription')}
        >
          <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
            {t('errors.browse')}
          </Link>
        </PageMessage>
      );
    }
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <SectionError
          title={t('profile.loadFailed')}
          onRetry={isRetryableError(profile.error) ? () => void profile.refetch() : undefined}
          retrying={profile.isFetching}
        />
      </div>
    );
  }

  const user = profile.data;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:py-10">
      <UserProfileCard
        user={user}
        variant="public"
        facts={<ReplyTimeText userId={user.id} />}
        actions={
          isSelf ? (
            <Link to={paths.profile} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Pencil aria-hidden="true" />
              {t('profile.editProfile')}
            </Link>
          ) : (
            <ReportUserButton user={user} />
          )
        }
      />
      <Tabs defaultValue="items" className="grid gap-2">
        <TabsList aria-label={t('profile.tabsLabel')} className="w-full justify-start sm:w-auto">
          <TabsTrigger value="items">
            {withCount(t, t('profile.publicTabs.items'), items.data?.length)}
          </TabsTrigger>
          <TabsTrigger value="reviews">
            {withCount(t, t('profile.publicTabs.reviews'), reviews.data?.length)}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="items">
          <ItemList
            query={items}
            emptyTitle={t('profile.publicNoItemsTitle', { name: user.fullName })}
            emptyDescription={t('profile.publicNoItemsDescription')}
          />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewList query={reviews} linkReviewers canDelete={isAdmin} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
