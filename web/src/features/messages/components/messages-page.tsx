import { MessagesSquare, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChatUser } from '@nomadswap/contracts/responses';
import { cn } from '../../../lib/utils';
import { EmptyState } from '../../../components/section-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { useConversations } from '../api/get-conversations';
import { useMessagingSocket } from '../api/socket';
import { ChatPane, type ChatItemContext, type UseChatExtras } from './chat-pane';
import { ConversationList } from './conversation-list';
import { SafetyBanner } from './safety-banner';
import {
  CHAT_COLUMN_CLASS,
  CONVERSATION_LIST_CLASS,
  MESSAGES_BOX_CLASS,
  MESSAGES_BOX_OPEN_CLASS,
  MESSAGES_HEADING_ROW_CLASS,
  MESSAGES_OPEN_HEADING_CLASS,
  MESSAGES_OPEN_HIDDEN_CLASS,
  MESSAGES_PAGE_CLASS,
} from './messages-page-layout';

/** The conversation partner named by `?user=` when they are not in the loaded list yet. */
export interface SelectedUserFallback {
  user: ChatUser | null;
  isLoading: boolean;
  /** Shown instead of the chat when the user cannot be loaded (e.g. 'User Not Found'). */
  error: string | null;
}

interface MessagesPageProps {
  viewerId: string;
  selectedUserId: string | null;
  fallback: SelectedUserFallback;
  /** The item of `?item=`, once loaded. */
  urlItem: ChatItemContext | null;
  urlItemId?: string;
  /** The swap cards and header state of the open conversation (see ChatPane). */
  useChatExtras?: UseChatExtras;
}

/**
 * `/messages` for an approved user: heading, safety banner, the conversation list and the chat. On phones
 * only one of list and chat shows (list → chat → back); from `md` up they sit side by side.
 */
export function MessagesPage({
  viewerId,
  selectedUserId,
  fallback,
  urlItem,
  urlItemId,
  useChatExtras,
}: MessagesPageProps) {
  const { t } = useTranslation();
  const conversations = useConversations();
  const { reconnecting } = useMessagingSocket();
  const selected = selectedUserId !== null;
  const conversation = conversations.data?.pages
    .flatMap((page) => page.conversations)
    .find((c) => c.otherUser.id === selectedUserId);
  const other = conversation?.otherUser ?? fallback.user;
  const item = urlItem ?? conversation?.item ?? null;

  let chat;
  if (!selected) {
    chat = (
      <div className="m-auto w-full max-w-sm p-4">
        <EmptyState
          icon={MessagesSquare}
          title={t('messages.selectConversation')}
          description={t('messages.selectConversationHint')}
        />
      </div>
    );
  } else if (other) {
    chat = (
      <ChatPane
        key={other.id}
        viewerId={viewerId}
        other={other}
        conversation={conversation}
        item={item}
        itemIdForSend={urlItemId}
        useExtras={useChatExtras}
      />
    );
  } else if (fallback.error) {
    chat = (
      <div className="m-auto w-full max-w-sm p-4">
        <EmptyState icon={MessagesSquare} title={fallback.error} />
      </div>
    );
  } else {
    chat = (
      <div className="grid gap-3 p-4" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <div className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-10 w-2/3 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      </div>
    );
  }

  return (
    <div className={MESSAGES_PAGE_CLASS}>
      <div className={cn(MESSAGES_HEADING_ROW_CLASS, selected && MESSAGES_OPEN_HEADING_CLASS)}>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('messages.heading')}</h1>
        {reconnecting ? (
          <span role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <WifiOff className="size-4" aria-hidden="true" />
            {t('messages.reconnecting')}
          </span>
        ) : null}
      </div>
      <SafetyBanner className={cn(selected && MESSAGES_OPEN_HIDDEN_CLASS)} />
      {/* The offline banner's height (features/pwa/components/offline-banner.tsx) comes off the box's. */}
      <div className={cn(MESSAGES_BOX_CLASS, selected && MESSAGES_BOX_OPEN_CLASS)}>
        <nav
          aria-label={t('messages.listLabel')}
          className={cn(CONVERSATION_LIST_CLASS, selected && 'hidden md:block')}
        >
          <ConversationList viewerId={viewerId} selectedUserId={selectedUserId} />
        </nav>
        <div className={cn(CHAT_COLUMN_CLASS, selected ? 'flex' : 'hidden md:flex')}>{chat}</div>
      </div>
    </div>
  );
}
