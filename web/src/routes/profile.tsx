import { lazy, Suspense, useMemo, useState } from 'react';
import { ArrowLeftRight, CirclePlus, Heart, Pencil } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { paths } from '../config/paths';
import { AuthRequired } from '../components/auth-required';
import { EmptyState } from '../components/section-states';
import { Button, buttonVariants } from '../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { withCount } from '../lib/format';
import { usePageMeta } from '../hooks/use-page-meta';
import { useRememberRenderZone } from '../hooks/use-remember-render-zone';
import { PageSkeleton } from '../components/page-skeleton';
import { DeferredSection } from '../components/deferred-section';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { StayCard } from '../features/auth/components/stay-card';
import { useFavorites } from '../features/items/api/get-favorites';
import { RemoveFavoriteButton } from '../features/items/components/remove-favorite-button';
import { useUserItems } from '../features/items/api/get-user-items';
import { ItemList } from '../features/items/components/item-list';
import { RelistButton } from '../features/items/components/relist-dialog';
import { ItemStatCards } from '../features/items/components/item-stat-cards';
import { SwappedCheckbox } from '../features/items/components/swapped-checkbox';
import { useReviews } from '../features/reviews/api/get-reviews';
import { PendingReviews } from '../features/reviews/components/pending-reviews';
import { usePendingReviews } from '../features/reviews/api/get-pending-reviews';
import { ItemRequestsDisclosure } from '../features/exchanges/components/item-requests';
import { SwapsList } from '../features/exchanges/components/swaps-list';
import { MessagingSettingsCard } from '../features/messages/components/messaging-settings-card';
import { NotificationSettingsCard } from '../features/messages/components/notification-settings-card';
import { ReviewList } from '../features/reviews/components/review-list';
import { ProfileStats } from '../features/users/components/profile-stats';
import { UserProfileCard } from '../features/users/components/user-profile-card';
import { PROFILE_PAGE_CLASS } from '../features/users/components/profile-layout';
import { loadPart } from '../lib/load-part';

/* The Alerts section (issue 22) and its city picker load on their own, below the fold. */
const AlertsCard = lazy(() => import('../features/alerts/components/alerts-card'));
/*
 * The profile form (react-hook-form, zod and the profile's schema) loads when the user goes to edit, not with the
 * page: nothing of it is on the first screen (issue 25). Pointing at or focusing the button starts the download;
 * the form opens once its chunk is in, and when the chunk cannot be fetched a toast says so and the card stays
 * (the button tries again) rather than the page's error screen.
 */
const loadEditProfileForm = () => import('../features/auth/components/edit-profile-form');
const EditProfileForm = lazy(() =>
  loadEditProfileForm().then((module) => ({ default: module.EditProfileForm })),
);
const preloadEditProfileForm = () => void loadEditProfileForm().catch(() => undefined);

/** `/profile`: the signed-in user's own profile (spec section 2, Profile). */
export default function ProfileRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('profile.pageTitle') });
  const { user, isLoading } = useCurrentUser();
  useRememberRenderZone(Boolean(user));
  if (isLoading) return <PageSkeleton />;
  if (!user) return <AuthRequired description={t('profile.loginRequired')} />;
  return <OwnProfile user={user} />;
}

const TABS = ['items', 'swaps', 'favorites', 'pending-reviews', 'reviews', 'stats'] as const;

/** `?tab=` opens a tab (home's Your activity links to favourites and pending reviews); anything else: items. */
function initialTab(requested: string | null): string {
  return TABS.find((tab) => tab === requested) ?? 'items';
}

function OwnProfile({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const items = useUserItems(user.id);
  // Favouriting needs an approved account (spec section 6); there is nothing to ask for before that.
  const favorites = useFavorites({ enabled: user.isApproved });
  const reviews = useReviews(user.id);

  return (
    <div className={PROFILE_PAGE_CLASS}>
      {editing ? (
        <>
          <h1 className="sr-only">{user.fullName}</h1>
          {/* Until the form's chunk is in, the card stays as it was (no jump, nothing to press twice). */}
          <Suspense fallback={<UserProfileCard user={user} variant="own" />}>
            <EditProfileForm user={user} onDone={() => setEditing(false)} />
          </Suspense>
        </>
      ) : (
        <UserProfileCard
          user={user}
          variant="own"
          actions={
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                void loadPart(loadEditProfileForm, t('profile.edit.openFailed'), t).then(
                  (form) => form && setEditing(true),
                )
              }
              onPointerEnter={preloadEditProfileForm}
              onFocus={preloadEditProfileForm}
            >
              <Pencil aria-hidden="true" />
              {t('profile.editProfile')}
            </Button>
          }
        />
      )}

      <StayCard user={user} />

      <ItemStatCards query={items} variant="profile" />

      <Tabs defaultValue={initialTab(searchParams.get('tab'))} className="grid gap-2">
        <TabsList
          aria-label={t('profile.tabsLabel')}
          className="h-auto w-full flex-wrap justify-start sm:w-auto"
        >
          <TabsTrigger value="items">{withCount(t, t('profile.tabs.items'), items.data?.length)}</TabsTrigger>
          <TabsTrigger value="swaps">{t('profile.tabs.swaps')}</TabsTrigger>
          <TabsTrigger value="favorites">
            {withCount(t, t('profile.tabs.favorites'), favorites.data?.length)}
          </TabsTrigger>
          <TabsTrigger value="pending-reviews">{t('profile.tabs.pendingReviews')}</TabsTrigger>
          <TabsTrigger value="reviews">
            {withCount(t, t('profile.tabs.reviews'), reviews.data?.length)}
          </TabsTrigger>
          <TabsTrigger value="stats">{t('profile.tabs.stats')}</TabsTrigger>
        </TabsList>
        <TabsContent value="items">
          <ItemList
            query={items}
            emptyTitle={t('profile.noItemsTitle')}
            emptyDescription={t('profile.noItemsDescription')}
            emptyAction={
              <Link to={paths.addItem} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
                <CirclePlus aria-hidden="true" />
                {t('profile.listItem')}
              </Link>
            }
            renderActions={(item) => (
              <div className="grid w-full gap-2">
                <div className="flex w-full flex-wrap items-center justify-between gap-2">
                  <SwappedCheckbox item={item} />
                  <div className="flex flex-wrap gap-2">
                    {!item.isSwapped && (item.expiredAt || item.availableUntil) ? (
                      <RelistButton item={item} />
                    ) : null}
                    <Link
                      to={paths.editItem(item.id)}
                      className={buttonVariants({ variant: 'outline', size: 'sm' })}
                      aria-label={t('profile.editItemNamed', { title: item.title })}
                    >
                      <Pencil aria-hidden="true" />
                      {t('profile.editItem')}
                    </Link>
                  </div>
                </div>
                {user.isApproved ? <ItemRequestsDisclosure itemId={item.id} viewerId={user.id} /> : null}
              </div>
            )}
          />
        </TabsContent>
        <TabsContent value="swaps">
          <OwnSwaps user={user} />
        </TabsContent>
        <TabsContent value="favorites">
          {user.isApproved ? (
            <ItemList
              query={favorites}
              emptyTitle={t('profile.noFavoritesTitle')}
              emptyDescription={t('profile.noFavoritesDescription')}
              renderActions={(item) => <RemoveFavoriteButton itemId={item.id} title={item.title} />}
            />
          ) : (
            <EmptyState
              icon={Heart}
              title={t('msg.approvalRequired')}
              description={t('msg.approvalRequiredFavorite')}
            />
          )}
        </TabsContent>
        <TabsContent value="pending-reviews">
          <PendingReviews />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewList query={reviews} linkReviewers={user.isApproved} />
        </TabsContent>
        <TabsContent value="stats">
          <ProfileStats user={user} />
        </TabsContent>
      </Tabs>

      {/* Below the fold on every screen: rendered once the page is up (see DeferredSection), not in the first
          commit, which the early skeleton's take-over waits for (issue 25, TBT). */}
      {user.isApproved ? (
        <DeferredSection className="grid gap-6 [--deferred-height:1500px] md:[--deferred-height:1200px]">
          <Suspense fallback={null}>
            <AlertsCard />
          </Suspense>
          <MessagingSettingsCard />
          <NotificationSettingsCard />
        </DeferredSection>
      ) : null}
    </div>
  );
}

/** The Swaps tab; a completed swap the viewer has not reviewed yet offers Leave a review (from pending reviews). */
function OwnSwaps({ user }: { user: UserSelf }) {
  const { t } = useTranslation();
  const pending = usePendingReviews({ enabled: user.isApproved });
  const reviewPending = useMemo(
    () => new Set((pending.data ?? []).map((review) => review.exchangeId)),
    [pending.data],
  );
  if (!user.isApproved) {
    return <EmptyState icon={ArrowLeftRight} title={t('msg.approvalRequired')} />;
  }
  return <SwapsList viewerId={user.id} reviewPending={reviewPending} />;
}
