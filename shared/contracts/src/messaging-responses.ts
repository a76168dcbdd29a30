import { z } from 'zod';
import { ExchangeSchema } from './exchanges';
import { ChatUserSchema, MessageSchema } from './responses';

/** The item a conversation is about, from the messaging service's projection of item events. */
export const ChatItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  ownerId: z.string(),
  isSwapped: z.boolean(),
  deleted: z.boolean(),
});
export type ChatItem = z.infer<typeof ChatItemSchema>;

/**
 * Coarse presence ("Active now", "Active 12 min ago"). Only people who share a conversation see it, and never
 * across a block: then it is null.
 */
export const PresenceSchema = z.object({
  userId: z.string(),
  online: z.boolean(),
  /** When the user was last connected (ISO); null if never seen. */
  lastSeen: z.string().nullable(),
});
export type Presence = z.infer<typeof PresenceSchema>;

/**
 * One row of GET /api/conversations: one per other participant, newest first, paged with `?before=&limit=`
 * and `X-Next-Cursor`. `blocked` is true when the caller blocked `otherUser` (a user is never told that
 * they were blocked).
 */
export const ConversationSchema = z.object({
  otherUser: ChatUserSchema,
  lastMessage: MessageSchema,
  unreadCount: z.number().int(),
  item: ChatItemSchema.nullable(),
  blocked: z.boolean(),
  presence: PresenceSchema.nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** POST /api/conversations/{userId}/read → how many messages were marked read, and the caller's new total. */
export const ConversationReadResponseSchema = z.object({
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type ConversationReadResponse = z.infer<typeof ConversationReadResponseSchema>;

/** GET /api/messages/unread-count (extra endpoint; the live value comes from socket `unread:count`). */
export const UnreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** One row of GET /api/blocks (users the caller blocked), and the answer of POST /api/blocks/{userId}. */
export const BlockSchema = z.object({
  userId: z.string(),
  user: ChatUserSchema,
  createdAt: z.string(),
});
export type Block = z.infer<typeof BlockSchema>;

/**
 * GET /api/exchanges rows and GET /api/exchanges/{id}: the exchange with both parties' summaries and the items
 * involved as the chat knows them (photo, title; null once unknown), for the cards of the conversation.
 */
export const ExchangeViewSchema = ExchangeSchema.extend({
  requester: ChatUserSchema.nullable(),
  owner: ChatUserSchema.nullable(),
  item: ChatItemSchema.nullable(),
  offeredItems: z.array(ChatItemSchema),
  /** The requested item is reserved by an accepted exchange (this one or another requester's). */
  itemReserved: z.boolean(),
});
export type ExchangeView = z.infer<typeof ExchangeViewSchema>;

/**
 * GET /api/messaging/users/{userId}/reply-time: how fast someone usually answers in chat (issue 20's profile
 * signal), from their most recent replies. `medianMinutes` is null until there are REPLY_TIME_MIN_SAMPLES replies.
 */
export const ReplyTimeSchema = z.object({
  userId: z.string(),
  medianMinutes: z.number().nullable(),
  samples: z.number(),
});
export type ReplyTime = z.infer<typeof ReplyTimeSchema>;
/** Replies needed before a typical reply time is shown. */
export const REPLY_TIME_MIN_SAMPLES = 3;
