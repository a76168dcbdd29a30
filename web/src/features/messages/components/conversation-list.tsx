import { MessagesSquare, Search } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@nomadswap/contracts/messaging-responses';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/utils';
import { EmptyState, SectionError } from '../../../components/section-states';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ConversationRowsSkeleton } from './conversation-rows-skeleton';
import { useConversations } from '../api/get-conversations';
import { listTime } from '../utils/time';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { useLivePresence } from '../hooks/use-live-state';
import { PresenceDot } from './presence-text';

interface ConversationListProps {
  viewerId: string;
  selectedUserId: string | null;
}

/** The conversation list: one row per other participant, newest first, with more pages on demand. */
export function ConversationList({ viewerId, selectedUserId }: ConversationListProps) {
  const { t } = useTranslation();
  const query = useConversations();

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <ConversationRowsSkeleton />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-3">
        <SectionError
          title={t('messages.conversationsError')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }

  const conversations = query.data.pages.flatMap((page) => page.conversations);
  if (conversations.length === 0) {
    return (
      <div className="p-3">
        <EmptyState
          icon={MessagesSquare}
          title={t('messages.noConversationsTitle')}
          description={t('messages.noConversationsDescription')}
        >
          <Link to={paths.browse} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
            <Search aria-hidden="true" />
            {t('messages.browseItems')}
          </Link>
        </EmptyState>
      </div>
    );
  }

  return (
    // minmax(0, 1fr): a long message must truncate in its row, not widen the column.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1 p-2">
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
        {conversations.map((conversation) => (
          <li key={conversation.otherUser.id}>
            <ConversationRow
              conversation={conversation}
              viewerId={viewerId}
              selected={conversation.otherUser.id === selectedUserId}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? t('common.loading') : t('messages.loadMoreConversations')}
        </Button>
      ) : null}
    </div>
  );
}

function ConversationRow({
  conversation,
  viewerId,
  selected,
}: {
  conversation: Conversation;
  viewerId: string;
  selected: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { otherUser, lastMessage, unreadCount } = conversation;
  const live = useLivePresence(otherUser.id);
  const presence = live ?? conversation.presence;
  // Offline, nobody can say who is online now.
  const online = useOnlineStatus();
  const preview =
    lastMessage.senderId === viewerId
      ? t('messages.youSaid', { content: lastMessage.content })
      : lastMessage.content;

  return (
    <Link
      to={paths.messagesWith(otherUser.id)}
      aria-current={selected ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-lg p-2 transition-colors hover:bg-muted',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
        selected && 'bg-accent hover:bg-accent',
      )}
    >
      <span className="relative shrink-0">
        <Avatar src={otherUser.avatar} name={otherUser.fullName} className="size-11" />
        <PresenceDot online={online && (presence?.online ?? false)} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span className={cn('truncate', unreadCount > 0 ? 'font-bold' : 'font-semibold')}>
            {otherUser.fullName}
          </span>
          <time dateTime={lastMessage.createdAt} className="ml-auto shrink-0 text-xs text-muted-foreground">
            {listTime(lastMessage.createdAt, i18n.language)}
          </time>
        </span>
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'truncate text-sm',
              unreadCount > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            {preview}
          </span>
          {unreadCount > 0 ? (
            <span className="ml-auto inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold leading-5 text-primary-foreground">
              <span aria-hidden="true">{unreadCount}</span>
              <span className="sr-only">{t('messages.unreadBadge', { count: unreadCount })}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
