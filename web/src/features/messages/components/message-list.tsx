import { Fragment, memo, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { AlertCircle, Clock, Flag, RotateCw, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SafetyWarning } from '@nomadswap/contracts/enums';
import type { Message } from '@nomadswap/contracts/responses';
import { cn } from '../../../lib/utils';
import { SectionError } from '../../../components/section-states';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useThread } from '../api/get-messages';
import { usePendingSends } from '../hooks/use-outbox';
import { clockTime, dayLabel, isSameDay } from '../utils/time';
import { LinkifiedText } from './linkified-text';

/** Closer than this to the top starts loading older messages; closer than this to the end keeps following. */
const EDGE_PX = 80;

interface Bubble {
  key: string;
  content: string;
  createdAt: string;
  mine: boolean;
  status: 'stored' | 'sending' | 'failed';
  isRead: boolean;
  clientId: string | null;
  /** The receiver's safety warning (issue 26): shown under the other person's message. */
  safetyWarning: SafetyWarning | null;
}

function toBubble(message: Message, viewerId: string): Bubble {
  return {
    key: message.id,
    content: message.content,
    createdAt: message.createdAt,
    mine: message.senderId === viewerId,
    status: 'stored',
    isRead: message.isRead,
    clientId: message.clientId,
    safetyWarning: message.safetyWarning ?? null,
  };
}

/**
 * Something another part of the app shows in the conversation's timeline (a swap's step), placed among the
 * messages by its time.
 */
export interface TimelineCard {
  key: string;
  /** ISO time. */
  at: string;
  node: ReactNode;
  /** The messages carrying this exchange id (a swap request's opening words) show in the card, not as bubbles. */
  absorbsExchangeId?: string;
}

type Entry = { kind: 'bubble'; key: string; at: string; bubble: Bubble } | ({ kind: 'card' } & TimelineCard);

/** Stored messages and cards by time (a stable sort keeps equal times in order); pending sends stay last. */
function mergeTimeline(stored: Bubble[], pending: Bubble[], cards: readonly TimelineCard[]): Entry[] {
  const toEntry = (bubble: Bubble): Entry => ({
    kind: 'bubble',
    key: bubble.key,
    at: bubble.createdAt,
    bubble,
  });
  const timed: Entry[] = [
    ...stored.map(toEntry),
    ...cards.map((card) => ({ kind: 'card' as const, ...card })),
  ];
  timed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return [...timed, ...pending.map(toEntry)];
}

interface MessageListProps {
  viewerId: string;
  /** Report the other person (the safety warning's one-tap Report); absent when they cannot be reported. */
  onReportOther?: () => void;
  otherUserId: string;
  otherName: string;
  onRetry: (clientId: string) => void;
  typing: boolean;
  cards?: readonly TimelineCard[];
}

const NO_CARDS: readonly TimelineCard[] = [];

/**
 * The chat's messages, oldest at the top: a heading item at the start of each day, "Seen" under the last message the other side
 * read, pending sends at the end (the list subscribes to the outbox itself), and older pages as the reader scrolls
 * up (or presses the button).
 */
export const MessageList = memo(function MessageList({
  viewerId,
  otherUserId,
  otherName,
  onRetry,
  typing,
  cards = NO_CARDS,
  onReportOther,
}: MessageListProps) {
  const { t } = useTranslation();
  const query = useThread(otherUserId);
  const pending = usePendingSends(otherUserId);
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  const absorbed = new Set(cards.map((card) => card.absorbsExchangeId).filter(Boolean));
  const stored = (query.data?.pages.flatMap((page) => page.messages) ?? []).filter(
    (m) => m.exchangeId === null || !absorbed.has(m.exchangeId),
  );
  const storedClientIds = new Set(stored.map((m) => m.clientId).filter(Boolean));
  const storedBubbles = stored
    .slice()
    .reverse()
    .map((m) => toBubble(m, viewerId));
  const pendingBubbles = pending
    .filter((entry) => !storedClientIds.has(entry.clientId))
    .map<Bubble>((entry) => ({
      key: entry.clientId,
      content: entry.content,
      createdAt: entry.createdAt,
      mine: true,
      status: entry.status,
      isRead: false,
      clientId: entry.clientId,
      safetyWarning: null,
    }));
  const bubbles = [...storedBubbles, ...pendingBubbles];
  // Before the first page arrives there is nothing to place the cards among.
  const entries = mergeTimeline(storedBubbles, pendingBubbles, query.isPending ? NO_CARDS : cards);
  const lastSeenKey = [...bubbles].reverse().find((b) => b.mine && b.status === 'stored' && b.isRead)?.key;
  const newest = entries.at(-1);
  const newestKey = newest?.key;
  const newestMine = newest?.kind === 'bubble' && newest.bubble.mine;
  const oldestKey = entries[0]?.key;

  const loadOlder = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void query.fetchNextPage();
  };

  // Older messages went in above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || heightBeforeOlder.current === null) return;
    element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [oldestKey]);

  // A new message (or the typing line) at the end: follow it when the reader is at the end or it is theirs.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (nearBottom.current || newestMine) element.scrollTop = element.scrollHeight;
  }, [newestKey, newestMine, typing]);

  // A newly opened conversation starts at its newest message.
  useLayoutEffect(() => {
    nearBottom.current = true;
  }, [otherUserId]);

  // A card that grows in place (a swap's next step, its buttons) keeps the end in view for a reader who was there.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = content.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const scrollerElement = scroller.current;
      if (scrollerElement && nearBottom.current && heightBeforeOlder.current === null) {
        scrollerElement.scrollTop = scrollerElement.scrollHeight;
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX) loadOlder();
  };

  let body;
  if (query.isPending) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-10 w-2/3 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
        <Skeleton className="h-16 w-3/5 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <SectionError
        title={t('messages.threadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (entries.length === 0) {
    body = (
      <p className="m-auto py-10 text-center text-sm text-muted-foreground">{t('messages.noMessagesYet')}</p>
    );
  } else {
    body = (
      <ol className="grid grid-cols-1 gap-1.5">
        {entries.map((entry, index) => {
          const previous = entries[index - 1];
          const newDay = !previous || !isSameDay(new Date(previous.at), new Date(entry.at));
          return (
            <Fragment key={entry.key}>
              {newDay ? <DaySeparator iso={entry.at} /> : null}
              {entry.kind === 'card' ? (
                <li className="my-1.5">{entry.node}</li>
              ) : (
                <MessageBubble bubble={entry.bubble} onRetry={onRetry} onReport={onReportOther} />
              )}
              {entry.key === lastSeenKey ? (
                <li className="-mt-1 pr-1 text-right text-xs text-muted-foreground">{t('messages.seen')}</li>
              ) : null}
            </Fragment>
          );
        })}
      </ol>
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={t('messages.chatWith', { name: otherName })}
      // A scrollable region must be focusable so keyboard users can scroll the history (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:px-4"
    >
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="mx-auto mb-2"
          onClick={loadOlder}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? t('common.loading') : t('messages.loadOlder')}
        </Button>
      ) : null}
      <div ref={content} className="flex flex-1 flex-col">
        {body}
      </div>
      {typing ? (
        <p className="mt-2 text-sm italic text-muted-foreground" aria-live="polite">
          {t('messages.typing', { name: otherName })}
        </p>
      ) : null}
    </div>
  );
});

function DaySeparator({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation();
  const label = dayLabel(iso, i18n.language);
  const text =
    label.kind === 'today'
      ? t('messages.today')
      : label.kind === 'yesterday'
        ? t('messages.yesterday')
        : label.text;
  // A list item like every child of the <ol> (axe `list`: a role="separator" item is not one); the day is a
  // heading, so a screen reader can jump from day to day.
  return (
    <li className="my-2">
      <h3 className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        {text}
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </h3>
    </li>
  );
}

/** Under a message that asks for money or moves off NomadSwap early: a calm warning and a one-tap Report. */
function SafetyNote({ kind, onReport }: { kind: SafetyWarning; onReport?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="mt-1 flex max-w-[85%] items-start gap-2 rounded-xl border border-amber-200 bg-warning px-3 py-2 text-sm text-warning-foreground sm:max-w-[75%]"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p>{t(`messages.safetyWarning.${kind}`)}</p>
        {onReport ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto justify-self-start p-0 text-sm text-warning-foreground underline"
            onClick={onReport}
          >
            <Flag aria-hidden="true" />
            {t('messages.safetyWarning.report')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

interface BubbleProps {
  bubble: Bubble;
  onRetry: (clientId: string) => void;
  onReport?: () => void;
}

/** Same callbacks and a bubble with the same fields (bubbles are rebuilt from the cache on every list render). */
function sameBubbleProps(a: BubbleProps, b: BubbleProps): boolean {
  if (a.onRetry !== b.onRetry || a.onReport !== b.onReport) return false;
  const keys = Object.keys(a.bubble) as (keyof Bubble)[];
  return keys.length === Object.keys(b.bubble).length && keys.every((key) => a.bubble[key] === b.bubble[key]);
}

/**
 * One message. Memoised: a send, an ack or a new message renders only the bubbles that changed (issue 25's send
 * INP: re-rendering every bubble of a long thread kept the next paint waiting).
 */
const MessageBubble = memo(function MessageBubble({ bubble, onRetry, onReport }: BubbleProps) {
  const { t, i18n } = useTranslation();
  return (
    <li className={cn('flex flex-col', bubble.mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap wrap-anywhere rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-snug shadow-xs sm:max-w-[75%]',
          bubble.mine
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md border bg-card text-card-foreground',
          bubble.status === 'sending' && 'opacity-70',
          bubble.status === 'failed' && 'border border-destructive bg-red-50 text-foreground',
        )}
      >
        <LinkifiedText content={bubble.content} />
      </div>
      <span className="mt-0.5 flex items-center gap-1.5 px-1 text-[0.6875rem] text-muted-foreground">
        {bubble.status === 'sending' ? (
          <>
            <Clock className="size-3" aria-hidden="true" />
            {t('messages.sending')}
          </>
        ) : bubble.status === 'failed' ? (
          <>
            <AlertCircle className="size-3 text-destructive" aria-hidden="true" />
            <span className="text-destructive">{t('messages.failed')}</span>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-[0.6875rem]"
              onClick={() => bubble.clientId && onRetry(bubble.clientId)}
            >
              <RotateCw aria-hidden="true" />
              {t('messages.retry')}
            </Button>
          </>
        ) : (
          <time dateTime={bubble.createdAt}>{clockTime(bubble.createdAt, i18n.language)}</time>
        )}
      </span>
      {!bubble.mine && bubble.safetyWarning ? (
        <SafetyNote kind={bubble.safetyWarning} onReport={onReport} />
      ) : null}
    </li>
  );
}, sameBubbleProps);
