/*
 * `/messages`' boxes, shared by the page (./messages-page.tsx, ./chat-pane.tsx, ./composer.tsx) and the early
 * skeleton that index.html paints before the app has run for a conversation opened by URL
 * (early/messages-skeleton.tsx): the same boxes, so the app's first commit takes the skeleton's place where it was.
 */

/** The page: the heading, the safety banner and the list-and-chat box. */
export const MESSAGES_PAGE_CLASS = 'mx-auto grid max-w-6xl gap-3 px-3 py-3 sm:px-4 sm:py-6';
/** The heading's row; with a conversation open a phone shows the chat alone (MESSAGES_OPEN_HIDDEN_CLASS). */
export const MESSAGES_HEADING_ROW_CLASS = 'flex items-center gap-3';
/** The heading row's extra class with a conversation open: read by screen readers only, on phones. */
export const MESSAGES_OPEN_HEADING_CLASS = 'sr-only md:not-sr-only md:flex';
/** The safety banner's box. */
export const SAFETY_BANNER_CLASS =
  'flex gap-3 rounded-xl border border-amber-200 bg-warning p-3 text-warning-foreground sm:p-4';
/** What a phone leaves out with a conversation open (the banner, the list). */
export const MESSAGES_OPEN_HIDDEN_CLASS = 'hidden md:flex';
/** The list-and-chat box: side by side from `md` up, a screen tall at most. */
export const MESSAGES_BOX_CLASS =
  'grid grid-cols-1 overflow-hidden rounded-xl border bg-card shadow-xs md:h-[max(32rem,calc(100dvh-17rem-var(--offline-banner-height,0px)))] md:grid-cols-[20rem_1fr]';
/** The box's height on a phone with a conversation open (the offline banner's height comes off too). */
export const MESSAGES_BOX_OPEN_CLASS =
  'h-[calc(100dvh-9rem-var(--offline-banner-height,0px)-env(safe-area-inset-bottom))]';
/** The conversation list's column. */
export const CONVERSATION_LIST_CLASS = 'min-h-0 overflow-y-auto md:border-r';
/** The chat's column. */
export const CHAT_COLUMN_CLASS = 'min-h-0 flex-col';
/** The chat: its header, the messages and the composer. */
export const CHAT_PANE_CLASS = 'flex h-full min-h-0 flex-col';
/** The chat's header: who, the swap's state, the item and the actions. */
export const CHAT_HEADER_CLASS =
  'grid grid-cols-1 gap-2 border-b bg-card p-3 sm:grid-cols-[minmax(0,1fr)_auto]';
/** The composer's bar at the bottom of the chat. */
export const COMPOSER_BAR_CLASS = 'border-t bg-card';
/** The composer's form in it. */
export const COMPOSER_FORM_CLASS = 'flex items-end gap-2 p-2 sm:p-3';
