import type { ErrorBody } from './common';
import { MSG } from './messages';
import type { ExchangeItemReservedPayload, ExchangeUpdatedPayload } from './exchanges';
import type { Message } from './responses';
import type { Presence } from './messaging-responses';
import type { ConversationReadInput, SocketMessageSendInput, TypingInput } from './messaging';

/** Socket.IO lives in the messaging service; the gateway proxies this path (WebSocket). */
export const SOCKET_PATH = '/socket.io';

/** Events the server emits (each socket is in room `user:{id}`). */
export const SERVER_EVENTS = {
  /** A stored message, to both participants, after it is persisted (REST and socket sends alike). */
  messageNew: 'message:new',
  /** The other side read the conversation up to `upTo` (only when both have read receipts on). */
  messageRead: 'message:read',
  typing: 'typing',
  presence: 'presence',
  unreadCount: 'unread:count',
  /** An exchange moved (requested, accepted, meetup, confirmed, ended…): to both parties, after it is stored. */
  exchangeUpdated: 'exchange:updated',
  /** An item the receiver asked for became reserved for someone else, or free again. */
  exchangeItemReserved: 'exchange:item-reserved',
} as const;

/** Events the client emits. */
export const CLIENT_EVENTS = {
  /** With an acknowledgement: the stored message or `{error, code}`. */
  messageSend: 'message:send',
  /** Throttled by the server; an indicator expires after {@link TYPING_EXPIRES_MS} without a refresh. */
  typing: 'typing',
  conversationRead: 'conversation:read',
} as const;

/** A typing indicator the client has not refreshed for this long is gone. */
export const TYPING_EXPIRES_MS = 5_000;
/** Connection state recovery window: a shorter drop replays what was missed (`socket.recovered`). */
export const SOCKET_RECOVERY_MS = 2 * 60 * 1000;

/**
 * Each socket's budget of client events, every event alike (`message:send`, `typing`, `conversation:read`, …):
 * a bucket of `burst` events that refills at `perSecond`. Over it, an event is dropped and its ack (if any)
 * answers {@link SOCKET_RATE_LIMITED}; a socket refused `floodRefusals` events within `floodWindowMs` is
 * disconnected by the server. A person chatting stays far below: the web app sends "typing" at most every 2 s.
 */
export const SOCKET_EVENT_BUDGET = {
  burst: 20,
  perSecond: 5,
  floodRefusals: 60,
  floodWindowMs: 10_000,
} as const;

/** The ack of an event that answers nothing of its own (typing), once the server has handled it. */
export const SOCKET_HANDLED = { ok: true } as const;

/** The ack of an event over the socket's budget. */
export const SOCKET_RATE_LIMITED = {
  error: MSG.tooManyRequests,
  code: 'RATE_LIMITED',
} as const;

/**
 * Sockets one user may hold open at once, over every replica (default of the messaging service's
 * SOCKET_MAX_PER_USER): each costs memory and a copy of every event sent to the user. Tabs and devices of one
 * person stay well below; the handshake of one more is refused with `TOO_MANY_CONNECTIONS`.
 */
export const SOCKET_MAX_PER_USER = 10;

/** Texts of `connect_error` (err.message) when the handshake is refused. */
export const SOCKET_AUTH_ERRORS = {
  missingToken: 'Authentication Required',
  invalidToken: 'Invalid or expired token',
  notApproved: 'Approval Required',
  tooManyConnections: 'Too many open chat connections. Close another tab or device and try again.',
} as const;

export interface MessageReadPayload {
  /** Who read. */
  by: string;
  /** The conversation, seen from the receiver of this event: the other participant's id. */
  conversationWith: string;
  /** Id of the newest message marked read. */
  upTo: string;
  readAt: string;
}
export interface TypingPayload {
  from: string;
  isTyping: boolean;
}
export type PresencePayload = Presence;
export interface UnreadCountPayload {
  count: number;
}

/** The acknowledgement of `message:send`: the stored message, or the same error body as the REST call. */
export type MessageSendAck = Message | (ErrorBody & { code: string });
/** The acknowledgement of `conversation:read`. */
export type ConversationReadAck = { updated: number; unreadCount: number } | (ErrorBody & { code: string });

/** For `io<ClientToServerEvents, ServerToClientEvents>` on the server and `Socket<ServerToClientEvents, ClientToServerEvents>` in the web app. */
export interface ServerToClientEvents {
  'message:new': (message: Message) => void;
  'message:read': (payload: MessageReadPayload) => void;
  typing: (payload: TypingPayload) => void;
  presence: (payload: PresencePayload) => void;
  /** The server's recount: at connect and after a read (to all the reader's sockets); not per message. */
  'unread:count': (payload: UnreadCountPayload) => void;
  'exchange:updated': (payload: ExchangeUpdatedPayload) => void;
  'exchange:item-reserved': (payload: ExchangeItemReservedPayload) => void;
}

export interface ClientToServerEvents {
  'message:send': (payload: SocketMessageSendInput, ack: (response: MessageSendAck) => void) => void;
  /** The optional ack answers {@link SOCKET_HANDLED} once handled (shown or not), or `{error, code}`. */
  typing: (
    payload: TypingInput,
    ack?: (response: typeof SOCKET_HANDLED | (ErrorBody & { code: string })) => void,
  ) => void;
  'conversation:read': (
    payload: ConversationReadInput,
    ack?: (response: ConversationReadAck) => void,
  ) => void;
}

/** True when a `message:send` ack is an error. */
export function isAckError(ack: MessageSendAck | ConversationReadAck): ack is ErrorBody & { code: string } {
  return typeof (ack as { error?: unknown }).error === 'string';
}
