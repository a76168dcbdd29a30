import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, Package } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@nomadswap/contracts/messaging-responses';
import type { ChatUser } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { useReportUser } from '../../../hooks/use-report-user';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { useBlocks } from '../api/get-blocks';
import { threadQueryOptions } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useIsTyping, useLivePresence, useTypingSignal } from '../hooks/use-live-state';
import { useOutboxActions } from '../hooks/use-outbox';
import { ChatActions } from './chat-actions';
import { Composer } from './composer';
import { MessageList, type TimelineCard } from './message-list';
import { PresenceDot, PresenceText } from './presence-text';
import { CHAT_HEADER_CLASS, CHAT_PANE_CLASS } from './messages-page-layout';

/** The item a chat is about, shown in its header (from `?item=` or the conversation). */
export interface ChatItemContext {
  id: string;
  title: string;
  image: string | null;
  isSwapped: boolean;
}

/**
 * What another part of the app adds to a conversation — the swap cards in the timeline and the open swap's state
 * in the header. The route hands it in (a hook, called on every render of the chat), as features don't import
 * each other.
 */
export interface ChatExtras {
  cards: TimelineCard[];
  status: ReactNode;
}
export type UseChatExtras = (viewerId: string, other: ChatUser) => ChatExtras;

const noExtras: ChatExtras = { cards: [], status: null };
function useNoChatExtras(): ChatExtras {
  return noExtras;
}

interface ChatPaneProps {
  viewerId: string;
  other: ChatUser;
  conversation?: Conversation;
  item?: ChatItemContext | null;
  /** The item named by `?item=`: sent along with messages and with Complete Swap. */
  itemIdForSend?: string;
  useExtras?: UseChatExtras;
}

/**
 * One conversation: header (who, presence, item, actions), the messages, and the composer. The pane itself does
 * not subscribe to the outbox or the thread's messages: a send re-renders the composer and the list (whose
 * existing bubbles are memoised), not the header and the swap extras.
 */
export function ChatPane({
  viewerId,
  other,
  conversation,
  item,
  itemIdForSend,
  useExtras = useNoChatExtras,
}: ChatPaneProps) {
  const { t } = useTranslation();
  const reportUser = useReportUser();
  const live = useLivePresence(other.id);
  const presence = live ?? conversation?.presence ?? null;
  const online = useOnlineStatus();
  const blocks = useBlocks();
  const blocked = blocks.data?.some((block) => block.userId === other.id) ?? conversation?.blocked ?? false;
  const typing = useIsTyping(other.id);
  const { send, retry } = useOutboxActions(viewerId, other.id);
  const typingSignal = useTypingSignal(other.id);
  useMarkReadWhileOpen(viewerId, other.id);
  const extras = useExtras(viewerId, other);
  const reportOther = useCallback(() => reportUser(other), [reportUser, other]);
  const sendHere = useCallback((content: string) => send(content, itemIdForSend), [send, itemIdForSend]);

  return (
    <section aria-labelledby="chat-title" className={CHAT_PANE_CLASS}>
      {/* Phones: who, then the swap's state, the item and the actions in rows; wider: the actions sit beside who. */}
      <header className={CHAT_HEADER_CLASS}>
        <div className="flex items-center gap-3">
          <Link
            to={paths.messages}
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: '-ml-1 md:hidden' })}
            aria-label={t('messages.back')}
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          <span className="relative shrink-0">
            <Avatar src={other.avatar} name={other.fullName} className="size-10" />
            <PresenceDot online={online && (presence?.online ?? false)} />
          </span>
          <div className="min-w-0">
            <h2 id="chat-title" className="truncate font-semibold leading-tight">
              {other.deleted ? (
                other.fullName
              ) : (
                <Link
                  to={paths.user(other.id)}
                  className="hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {other.fullName}
                </Link>
              )}
            </h2>
            <PresenceText
              presence={blocked ? null : presence}
              offline={!online}
              className="text-xs text-muted-foreground"
            />
          </div>
        </div>
        {extras.status ? <div className="min-w-0 sm:col-span-2">{extras.status}</div> : null}
        {item ? (
          <div className="min-w-0 sm:col-span-2">
            <ItemContext item={item} />
          </div>
        ) : null}
        {other.deleted ? null : (
          <div className="sm:col-start-2 sm:row-start-1 sm:self-center">
            <ChatActions other={other} itemId={itemIdForSend ?? item?.id} blocked={blocked} />
          </div>
        )}
      </header>

      <MessageList
        viewerId={viewerId}
        otherUserId={other.id}
        otherName={other.fullName}
        onRetry={retry}
        typing={typing && !blocked}
        cards={extras.cards}
        onReportOther={other.deleted ? undefined : reportOther}
      />

      {other.deleted ? (
        <p className="border-t bg-muted p-3 text-center text-sm text-muted-foreground">
          {t('msg.receiverDeleted')}
        </p>
      ) : blocked ? (
        <BlockedNotice other={other} />
      ) : (
        <Composer
          offline={!online}
          onSend={sendHere}
          onTyping={typingSignal.typed}
          onStopTyping={typingSignal.stop}
        />
      )}
    </section>
  );
}

function ItemContext({ item }: { item: ChatItemContext }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.item(item.id)}
      className="flex items-center gap-3 rounded-lg border bg-muted/50 p-2 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {item.image ? (
        <img src={item.image} alt="" className="size-10 shrink-0 rounded-md object-cover" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary">
          <Package className="size-5 text-secondary-foreground" aria-hidden="true" />
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <span className="text-xs text-muted-foreground">{t('messages.aboutItem')}</span>
        <span className="truncate font-medium">{item.title}</span>
      </span>
      {item.isSwapped ? (
        <Badge variant="secondary" className="ml-auto shrink-0">
          {t('messages.itemSwapped')}
        </Badge>
      ) : null}
    </Link>
  );
}

/** Sending is off while the viewer blocks the other user; Unblock is in the header's actions. */
function BlockedNotice({ other }: { other: ChatUser }) {
  const { t } = useTranslation();
  return (
    <p className="border-t bg-muted p-3 text-center text-sm text-muted-foreground">
      {t('messages.youBlocked', { name: other.fullName })}
    </p>
  );
}

/**
 * While a conversation is open and the tab visible, what the other side sent is marked read: once per
 * newest unread message, so a failed call is not repeated in a loop (the next message tries again).
 */
function useMarkReadWhileOpen(viewerId: string, otherUserId: string) {
  // Only the newest unread id: a new message of the viewer's own does not re-render the pane.
  const { data: newestUnread } = useInfiniteQuery({
    ...threadQueryOptions(otherUserId),
    select: (data) =>
      data.pages.flatMap((page) => page.messages).find((m) => m.receiverId === viewerId && !m.isRead)?.id,
  });
  const { mutate } = useMarkConversationRead(viewerId);
  // The server renderer has no document (and runs no effect): nothing is marked read from there.
  const [visible, setVisible] = useState(
    () => typeof document !== 'undefined' && document.visibilityState === 'visible',
  );
  const lastMarked = useRef<string | null>(null);

  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!newestUnread || !visible || lastMarked.current === newestUnread) return;
    lastMarked.current = newestUnread;
    mutate(otherUserId);
  }, [newestUnread, visible, mutate, otherUserId]);
}
