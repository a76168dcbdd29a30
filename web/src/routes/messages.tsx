import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChatUser, UserSelf } from '@nomadswap/contracts/responses';
import { AuthRequired } from '../components/auth-required';
import { PendingApprovalNotice } from '../components/pending-approval-notice';
import { usePageMeta } from '../hooks/use-page-meta';
import { useRememberRenderZone } from '../hooks/use-remember-render-zone';
import { isApiError } from '../lib/api-client';
import { errorText } from '../i18n/message-text';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useItem } from '../features/items/api/get-item';
import { useExchangeChat } from '../features/exchanges/hooks/use-exchange-chat';
import { useConversations } from '../features/messages/api/get-conversations';
import type { ChatItemContext } from '../features/messages/components/chat-pane';
import { MessagesPage, type SelectedUserFallback } from '../features/messages/components/messages-page';
import { useUser } from '../features/users/api/get-user';

/**
 * `/messages` (spec section 2): `?user={id}` selects or starts a conversation, `&item={id}` names the item
 * it is about. Visitors are asked to log in; unapproved users see that messaging waits for approval.
 */
export default function MessagesRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('messages.pageTitle') });
  const { user, isLoading } = useCurrentUser();
  useRememberRenderZone(Boolean(user));
  if (isLoading) return <PageSkeleton />;
  if (!user) return <AuthRequired description={t('messages.loginRequired')} />;
  if (!user.isApproved && user.role !== 'admin') {
    return (
      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('messages.heading')}</h1>
        <PendingApprovalNotice />
      </div>
    );
  }
  return <ApprovedMessages viewer={user} />;
}

function ApprovedMessages({ viewer }: { viewer: UserSelf }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('user');
  const itemId = params.get('item') ?? undefined;
  const selectedUserId = requested && requested !== viewer.id ? requested : null;

  // Someone not in the list yet (item detail's Message Owner, a card's Start Chat) is loaded on their own.
  const conversations = useConversations();
  const inList =
    conversations.data?.pages.some((page) =>
      page.conversations.some((c) => c.otherUser.id === selectedUserId),
    ) ?? false;
  const userQuery = useUser(selectedUserId ?? '', {
    enabled: selectedUserId !== null && conversations.isFetched && !inList,
  });
  const itemQuery = useItem(itemId ?? '', { enabled: itemId !== undefined });

  let fallback: SelectedUserFallback;
  if (requested && requested === viewer.id) {
    fallback = { user: null, isLoading: false, error: t('msg.cannotMessageSelf') };
  } else if (userQuery.data) {
    const u = userQuery.data;
    const chatUser: ChatUser = {
      id: u.id,
      fullName: u.fullName,
      username: u.username,
      avatar: u.avatar,
      rating: u.rating,
      reviewCount: u.reviewCount,
      deleted: false,
    };
    fallback = { user: chatUser, isLoading: false, error: null };
  } else if (userQuery.isError || conversations.isError) {
    const error = userQuery.error ?? conversations.error;
    const text =
      isApiError(error) && error.status === 404
        ? t('msg.userNotFound')
        : errorText(t, error, t('common.error'));
    fallback = { user: null, isLoading: false, error: text };
  } else {
    fallback = { user: null, isLoading: true, error: null };
  }

  const item = itemQuery.data;
  const urlItem: ChatItemContext | null = item
    ? { id: item.id, title: item.title, image: item.images[0] ?? null, isSwapped: item.isSwapped }
    : null;

  return (
    <MessagesPage
      viewerId={viewer.id}
      selectedUserId={requested ? (selectedUserId ?? requested) : null}
      fallback={fallback}
      urlItem={urlItem}
      urlItemId={item?.id}
      useChatExtras={useExchangeChat}
    />
  );
}
