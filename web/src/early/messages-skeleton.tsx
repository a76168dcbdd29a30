import { Skeleton } from '../components/ui/skeleton';
import { cn } from '../lib/utils';
import { ConversationRowsSkeleton } from '../features/messages/components/conversation-rows-skeleton';
import {
  CHAT_COLUMN_CLASS,
  CHAT_HEADER_CLASS,
  CHAT_PANE_CLASS,
  COMPOSER_BAR_CLASS,
  COMPOSER_FORM_CLASS,
  CONVERSATION_LIST_CLASS,
  MESSAGES_BOX_CLASS,
  MESSAGES_BOX_OPEN_CLASS,
  MESSAGES_HEADING_ROW_CLASS,
  MESSAGES_OPEN_HEADING_CLASS,
  MESSAGES_OPEN_HIDDEN_CLASS,
  MESSAGES_PAGE_CLASS,
  SAFETY_BANNER_CLASS,
} from '../features/messages/components/messages-page-layout';

/*
 * `/messages?user=…`'s frame in the early skeleton (./early-skeleton.tsx), in the page's own boxes: on a phone the
 * chat alone, a screen tall (its header, the messages, the composer at the bottom); from `md` up the heading, the
 * safety banner (its colour, no words) and the list beside the chat. Wordless: it is the same in every language.
 */
export function EarlyMessagesFrame() {
  return (
    <div className={MESSAGES_PAGE_CLASS}>
      <div className={cn(MESSAGES_HEADING_ROW_CLASS, MESSAGES_OPEN_HEADING_CLASS)}>
        <Skeleton className="h-8 w-40 sm:h-9" />
      </div>
      <div className={cn(SAFETY_BANNER_CLASS, MESSAGES_OPEN_HIDDEN_CLASS)}>
        <div className="grid flex-1 gap-1">
          <div className="h-5 w-40 rounded-md bg-current/15" />
          <div className="h-5 max-w-xl rounded-md bg-current/15" />
          <div className="h-6 w-36 rounded-md bg-current/15" />
        </div>
      </div>
      <div className={cn(MESSAGES_BOX_CLASS, MESSAGES_BOX_OPEN_CLASS)}>
        <div className={cn(CONVERSATION_LIST_CLASS, 'hidden md:block')}>
          <ConversationRowsSkeleton />
        </div>
        <div className={cn(CHAT_COLUMN_CLASS, 'flex')}>
          <div className={CHAT_PANE_CLASS}>
            <div className={CHAT_HEADER_CLASS}>
              <div className="flex items-center gap-3">
                <div className="-ml-1 size-9 md:hidden" />
                <Skeleton className="size-10 shrink-0 rounded-full" />
                <Skeleton className="h-5 w-32" />
              </div>
              {/* The chat's actions: beside who from `sm` up, under it on phones. */}
              <div className="flex gap-2 sm:col-start-2 sm:row-start-1 sm:self-center">
                <Skeleton className="h-10 w-36" />
                <Skeleton className="size-10 sm:w-24" />
                <Skeleton className="size-10 sm:w-24" />
              </div>
            </div>
            {/* The day's divider, then the newest messages from the top. */}
            <div className="flex min-h-0 flex-1 flex-col gap-4 p-4">
              <Skeleton className="mx-auto h-4 w-16" />
              <Skeleton className="h-10 w-2/3 rounded-2xl" />
              <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
            </div>
            <div className={COMPOSER_BAR_CLASS}>
              <div className={COMPOSER_FORM_CLASS}>
                <Skeleton className="h-11 flex-1" />
                <Skeleton className="size-11 shrink-0" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
