import { describe, expect, it } from 'vitest';
import { EnvelopeSchema, EVENT_SCHEMAS, EVENT_TYPES } from '../src/events';
import { NEXT_CURSOR_HEADER, REQUEST_ID_HEADER, TOTAL_COUNT_HEADER } from '../src/headers';
import {
  CLIENT_EVENTS,
  isAckError,
  SERVER_EVENTS,
  SOCKET_AUTH_ERRORS,
  SOCKET_EVENT_BUDGET,
  SOCKET_PATH,
  SOCKET_RATE_LIMITED,
  SOCKET_RECOVERY_MS,
  TYPING_EXPIRES_MS,
} from '../src/socket-events';

/**
 * What travels between builds (issue 21, found by mutation testing): event names and payloads on the bus, socket
 * event names and acks, header names. A name changed here is a protocol change — a service or an open browser tab
 * of the previous build would no longer understand it — so each is written out by hand.
 */
const T = '2030-01-01T10:00:00.000Z';
const userData = {
  id: 'u1',
  username: 'ana',
  fullName: 'Ana Nomad',
  avatar: null,
  location: 'Lisbon',
  rating: 4.5,
  reviewCount: 2,
  isApproved: true,
  role: 'admin',
  email: 'ana@example.com',
  version: 7,
};
const itemData = { id: 'i1', userId: 'u1', title: 'Tent', image: null, isSwapped: true, version: 2 };
const exchangeData = {
  id: 'e1',
  requesterId: 'u1',
  ownerId: 'u2',
  itemId: 'i1',
  offeredItemIds: [],
  status: 'accepted',
  acceptedAt: T,
  completedAt: null,
  endedAt: null,
  noShowUserId: null,
  version: 1,
};
const adminAction = {
  id: 'x'.repeat(64),
  actorId: 'u9',
  action: 'user.swap_count_changed',
  target: { type: 'user', id: 'u1' },
  at: T,
  before: { reviewCount: 3 },
  after: { reviewCount: 5 },
};

/** Each event type with a valid payload (kept as it is on receipt) and a broken one (refused). */
const EVENTS: Record<keyof typeof EVENT_SCHEMAS, [valid: object, broken: object]> = {
  'user.registered': [userData, { ...userData, role: 'owner' }],
  'user.updated': [
    { ...userData, email: undefined },
    { ...userData, version: 1.5 },
  ],
  'user.approved': [userData, { ...userData, isApproved: 'yes' }],
  'user.deleted': [{ id: 'u1' }, {}],
  'item.created': [itemData, { ...itemData, version: undefined }],
  'item.updated': [itemData, { ...itemData, isSwapped: 1 }],
  'item.deleted': [{ id: 'i1', userId: 'u1' }, { id: 'i1' }],
  'exchange.requested': [exchangeData, { ...exchangeData, status: 'open' }],
  'exchange.accepted': [exchangeData, { ...exchangeData, ownerId: 2 }],
  'exchange.ended': [
    { ...exchangeData, status: 'expired' },
    { ...exchangeData, requesterId: null },
  ],
  'exchange.completed': [
    { ...exchangeData, status: 'completed' },
    { ...exchangeData, version: '1' },
  ],
  'review.created': [
    { id: 'r1', reviewerId: 'u1', revieweeId: 'u2', exchangeId: 'e1', rating: 5 },
    { id: 'r1', reviewerId: 'u1', revieweeId: 'u2', rating: 5 },
  ],
  'review.deleted': [
    { id: 'r1', reviewerId: 'u1', revieweeId: 'u2', rating: 5 },
    { id: 'r1', reviewerId: 'u1', revieweeId: 'u2' },
  ],
  'admin.action': [adminAction, { ...adminAction, action: 'user.banned' }],
  'user.sanctioned': [
    {
      id: 's1',
      userId: 'u1',
      adminId: 'u9',
      type: 'restrict',
      reason: 'Spam',
      startsAt: T,
      endsAt: null,
      reportId: null,
    },
    {
      id: 's1',
      userId: 'u1',
      adminId: 'u9',
      type: 'ban',
      reason: 'Spam',
      startsAt: T,
      endsAt: null,
      reportId: null,
    },
  ],
  'user.sanction-lifted': [
    { id: 's1', userId: 'u1', adminId: 'u9', type: 'suspend', liftedAt: T },
    { id: 's1', userId: 'u1', adminId: 'u9', type: 'warn', liftedAt: T },
  ],
  'message.flagged': [
    {
      messageId: 'm1',
      senderId: 'u1',
      receiverId: 'u2',
      kind: 'off_platform',
      content: 'wa.me/1',
      createdAt: T,
    },
    { messageId: 'm1', senderId: 'u1', receiverId: 'u2', kind: 'spam', content: 'x', createdAt: T },
  ],
  'messaging.settings-updated': [
    { userId: 'u1', emailOff: ['alerts', 'reminders'], at: T },
    { userId: 'u1', emailOff: ['newsletters'], at: T },
  ],
};

describe('bus events', () => {
  it('are these types, in this order', () => {
    expect(EVENT_TYPES).toEqual(Object.keys(EVENTS));
  });

  it.each(Object.entries(EVENTS))(
    '%s: a valid payload is kept, a broken one refused',
    (type, [valid, broken]) => {
      const schema = EVENT_SCHEMAS[type as keyof typeof EVENT_SCHEMAS];
      expect(schema.parse(valid)).toEqual(valid);
      expect(schema.safeParse(broken).success).toBe(false);
    },
  );

  it('an admin action’s id is 1 to 64 characters', () => {
    const schema = EVENT_SCHEMAS['admin.action'];
    expect(schema.safeParse({ ...adminAction, id: 'a' }).success).toBe(true);
    expect(schema.safeParse({ ...adminAction, id: '' }).success).toBe(false);
    expect(schema.safeParse({ ...adminAction, id: 'x'.repeat(65) }).success).toBe(false);
  });

  it('an envelope names a known type', () => {
    const envelope = { id: '1-0', type: 'item.deleted', occurredAt: T, data: { any: 'thing' } };
    expect(EnvelopeSchema.parse(envelope)).toEqual(envelope);
    expect(EnvelopeSchema.safeParse({ ...envelope, type: 'item.sold' }).success).toBe(false);
  });
});

describe('socket events', () => {
  it('have these names and path', () => {
    expect(SOCKET_PATH).toBe('/socket.io');
    expect(SERVER_EVENTS).toEqual({
      messageNew: 'message:new',
      messageRead: 'message:read',
      typing: 'typing',
      presence: 'presence',
      unreadCount: 'unread:count',
      exchangeUpdated: 'exchange:updated',
      exchangeItemReserved: 'exchange:item-reserved',
    });
    expect(CLIENT_EVENTS).toEqual({
      messageSend: 'message:send',
      typing: 'typing',
      conversationRead: 'conversation:read',
    });
  });

  it('a typing indicator lasts 5 s, a dropped connection is recovered within 2 min', () => {
    expect(TYPING_EXPIRES_MS).toBe(5_000);
    expect(SOCKET_RECOVERY_MS).toBe(120_000);
  });

  it('each socket’s budget, its refusal and the handshake’s refusals', () => {
    expect(SOCKET_EVENT_BUDGET).toEqual({
      burst: 20,
      perSecond: 5,
      floodRefusals: 60,
      floodWindowMs: 10_000,
    });
    expect(SOCKET_RATE_LIMITED).toEqual({
      error: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(SOCKET_AUTH_ERRORS).toEqual({
      missingToken: 'Authentication Required',
      invalidToken: 'Invalid or expired token',
      notApproved: 'Approval Required',
      tooManyConnections: 'Too many open chat connections. Close another tab or device and try again.',
    });
  });

  it('an ack is an error when it carries an error text', () => {
    expect(isAckError(SOCKET_RATE_LIMITED)).toBe(true);
    expect(isAckError({ updated: 2, unreadCount: 0 })).toBe(false);
    expect(isAckError({ error: undefined, updated: 0 } as never)).toBe(false);
  });
});

it('headers have these lower-case names', () => {
  expect([REQUEST_ID_HEADER, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER]).toEqual([
    'x-request-id',
    'x-next-cursor',
    'x-total-count',
  ]);
});
