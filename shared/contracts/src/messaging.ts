import { z } from 'zod';
import { MSG } from './messages';
import { IdSchema } from './common';
import { CONVERSATION_PAGE, MESSAGE_MAX_LENGTH, MESSAGE_PAGE } from './messaging-limits';

// Apart (no zod there) for the web app's first screens; still exported from here.
export * from './messaging-limits';
export { notificationSwitch } from './notification-kinds';

const content = z
  .string({ error: MSG.messageEmpty })
  .trim()
  .min(
    1,
    // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
    { error: MSG.messageEmpty },
  )
  .max(MESSAGE_MAX_LENGTH, { error: MSG.messageTooLong });

/** A client-chosen id (e.g. a uuid) that makes a send idempotent: the same clientId never stores a second copy. */
export const ClientIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, { error: MSG.invalidClientId });

/**
 * POST /api/messages — content is trimmed; blank content is refused with 'Message cannot be empty', over
 * 2000 characters with 'Message must be at most 2000 characters'. `clientId` makes retries idempotent;
 * `itemId` names the item the conversation is about (context shown in the chat header).
 */
export const MessageSendSchema = z.object({
  receiverId: z.string({ error: MSG.receiverRequired }).pipe(IdSchema),
  content,
  clientId: ClientIdSchema.optional(),
  itemId: IdSchema.optional(),
});
export type MessageSendInput = z.infer<typeof MessageSendSchema>;

/** Socket `message:send` payload: as the REST body, with `clientId` required (every socket send may be retried). */
export const SocketMessageSendSchema = MessageSendSchema.extend({ clientId: ClientIdSchema });
export type SocketMessageSendInput = z.infer<typeof SocketMessageSendSchema>;

const limit = (page: { defaultLimit: number; maxLimit: number }) =>
  z.coerce.number().int().min(1).max(page.maxLimit).optional();

/**
 * GET /api/messages. Without `with`: the caller's most recent messages across all conversations (at most
 * `limit`, default 50, max 100), newest first. With `with={userId}`: one conversation, newest page first;
 * `before={cursor}` (the `X-Next-Cursor` of the previous page, or a message id) gives the older page.
 */
export const MessageListQuerySchema = z.object({
  with: IdSchema.optional(),
  before: IdSchema.optional(),
  limit: limit(MESSAGE_PAGE),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

/** GET /api/conversations — newest first; `before` is the `X-Next-Cursor` of the previous page. */
export const ConversationListQuerySchema = z.object({
  before: z.string().max(100).optional(),
  limit: limit(CONVERSATION_PAGE),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;

/** `:userId` of /api/conversations/{userId}/read and /api/blocks/{userId}. */
export const UserIdParamsSchema = z.object({ userId: IdSchema });
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;

/**
 * GET/PUT /api/messaging/settings. `readReceipts: false` → the user neither sends nor sees "Seen".
 * `emailNotifications: false` → no offline e-mail nudges about messages. `emailIncludesContent: true` → nudges
 * carry the message text (off by default, for privacy). Issue 23 adds a switch per kind (messages, swaps,
 * reminders, alerts) and channel (`push…`, `email…`; the messages' e-mail switch stays `emailNotifications`) and
 * `pushIncludesContent`, the opt-in for message text in pushes. PUT takes any subset.
 */
export const MessagingSettingsSchema = z.object({
  readReceipts: z.boolean(),
  emailNotifications: z.boolean(),
  emailIncludesContent: z.boolean(),
  emailSwaps: z.boolean(),
  emailReminders: z.boolean(),
  emailAlerts: z.boolean(),
  pushMessages: z.boolean(),
  pushSwaps: z.boolean(),
  pushReminders: z.boolean(),
  pushAlerts: z.boolean(),
  pushIncludesContent: z.boolean(),
});
export type MessagingSettings = z.infer<typeof MessagingSettingsSchema>;
export const MessagingSettingsUpdateSchema = MessagingSettingsSchema.partial().strict();
export type MessagingSettingsUpdate = z.infer<typeof MessagingSettingsUpdateSchema>;
export const DEFAULT_MESSAGING_SETTINGS: MessagingSettings = {
  readReceipts: true,
  emailNotifications: true,
  emailIncludesContent: false,
  emailSwaps: true,
  emailReminders: true,
  emailAlerts: true,
  pushMessages: true,
  pushSwaps: true,
  pushReminders: true,
  pushAlerts: true,
  pushIncludesContent: false,
};

/**
 * POST /api/exchanges/complete (the chat's Complete Swap): confirms the caller's side of the pair's accepted
 * exchange, or starts one already confirmed by the caller that waits for the other person (issue 20).
 */
export const ExchangeCompleteSchema = z.object({ otherUserId: IdSchema, itemId: IdSchema.optional() });
export type ExchangeCompleteInput = z.infer<typeof ExchangeCompleteSchema>;

/** Socket `typing` from the client. */
export const TypingSchema = z.object({ to: IdSchema, isTyping: z.boolean() });
export type TypingInput = z.infer<typeof TypingSchema>;

/** Socket `conversation:read` from the client (same effect as POST /api/conversations/{userId}/read). */
export const ConversationReadSchema = z.object({ with: IdSchema });
export type ConversationReadInput = z.infer<typeof ConversationReadSchema>;
