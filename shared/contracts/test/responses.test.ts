import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EXCHANGE_STATUSES,
  ExchangeActionResponseSchema,
  ExchangeCompleteResponseSchema,
  ExchangeEventDataSchema,
  type Exchange,
} from '../src/exchanges';
import {
  BlockSchema,
  ConversationReadResponseSchema,
  ConversationSchema,
  ExchangeViewSchema,
  REPLY_TIME_MIN_SAMPLES,
  ReplyTimeSchema,
  UnreadCountSchema,
  type ChatItem,
} from '../src/messaging-responses';
import {
  AuditLogResponseSchema,
  ContactMessageListResponseSchema,
  PendingReviewListResponseSchema,
  ReviewDeleteResponseSchema,
  ReviewListResponseSchema,
} from '../src/moderation-responses';
import { NearestPlaceQuerySchema, PLACE_LIMITS, PlaceSchema, PlaceSearchQuerySchema } from '../src/places';
import {
  AuthResponseSchema,
  HealthResponseSchema,
  IMAGE_STATES,
  isFullItem,
  ItemCardSchema,
  ItemSchema,
  ItemStatsSchema,
  MessageSchema,
  ReportSchema,
  ServiceHealthSchema,
  UserPublicSchema,
  type ChatUser,
  type ItemCard,
  type Message,
  type Review,
  type UserPublic,
} from '../src/responses';

/**
 * The answers' schemas (issue 21, found by mutation testing: no test of this package parsed them). Each gets a
 * valid answer, which must come back unchanged (a field dropped from a schema is dropped from the answer), and a
 * broken one, which must be refused.
 */
const T = '2030-01-01T10:00:00.000Z';
const user: UserPublic = {
  id: 'u1',
  username: 'ana',
  fullName: 'Ana Nomad',
  bio: 'Slow traveller',
  location: 'Lisbon, Portugal',
  placeId: '2267057',
  avatar: null,
  rating: 4.5,
  reviewCount: 2,
  completedSwaps: 3,
  arrangedSwaps: 4,
  isVerified: false,
  isApproved: true,
  role: 'user',
  createdAt: T,
  stay: {
    location: 'Lisbon, Portugal',
    placeId: '2267057',
    timezone: 'Europe/Lisbon',
    untilDate: '2026-12-18',
    until: '2026-12-18T23:59:00.000Z',
    next: {
      location: 'Bangkok, Thailand',
      placeId: '1609350',
      timezone: 'Asia/Bangkok',
      fromDate: '2026-12-20',
      from: '2026-12-19T17:00:00.000Z',
    },
  },
};
const summary = {
  id: 'u1',
  fullName: 'Ana Nomad',
  username: 'ana',
  avatar: '/api/avatars/u1',
  rating: 4,
  reviewCount: 1,
};
const chatUser: ChatUser = { ...summary, deleted: false };
const message: Message = {
  id: 'm1',
  senderId: 'u1',
  receiverId: 'u2',
  exchangeId: null,
  itemId: 'i1',
  content: 'Hello',
  safetyWarning: 'payment',
  isRead: true,
  readAt: T,
  clientId: 'c-1',
  createdAt: T,
  sender: chatUser,
  receiver: null,
};
const chatItem: ChatItem = {
  id: 'i1',
  title: 'Tent',
  image: null,
  ownerId: 'u2',
  isSwapped: false,
  deleted: false,
};
const exchange: Exchange = {
  id: 'e1',
  requesterId: 'u1',
  ownerId: 'u2',
  itemId: 'i1',
  offeredItemId: 'i2',
  offeredItemIds: ['i2'],
  status: 'accepted',
  message: 'Swap?',
  confirmedBy: ['u1'],
  meetup: { at: T, place: 'Market hall', note: null, proposedBy: 'u2', proposedAt: T, agreed: true },
  createdAt: T,
  updatedAt: T,
  acceptedAt: T,
  completedAt: null,
  endedAt: null,
  endedBy: null,
  endReason: null,
  noShowUserId: null,
};
const review: Review = {
  id: 'r1',
  reviewerId: 'u1',
  revieweeId: 'u2',
  exchangeId: 'e1',
  rating: 5,
  comment: 'Great swap',
  createdAt: T,
  isRevealed: true,
  reviewer: { id: 'u1', fullName: 'Ana Nomad', username: 'ana', avatar: null },
};
const card: ItemCard = {
  id: 'i1',
  title: 'Tent',
  description: 'Two-person tent',
  category: 'Travel Gear',
  condition: 'good',
  location: 'Bali',
  placeId: null,
  availableUntil: null,
  cover: null,
  isReserved: false,
  user: { fullName: 'Ana Nomad', avatar: null, rating: 4, reviewCount: 1 },
};
const item = {
  id: 'i1',
  title: 'Tent',
  description: 'Two-person tent',
  category: 'Travel Gear',
  condition: 'fair',
  images: ['/api/images/1'],
  photos: IMAGE_STATES.map((state, n) => ({ id: `p${n}`, state, thumb: null, full: null })),
  location: 'Bali',
  placeId: null,
  userId: 'u2',
  isActive: true,
  isSwapped: false,
  isReserved: true,
  reservedFor: 'u1',
  preferredExchange: null,
  availableUntil: null,
  expiredAt: null,
  createdAt: T,
  user: summary,
  isFavorited: true,
};

/** A valid answer and the same answer broken; the schema keeps the first as it is and refuses the second. */
const ANSWERS: [string, z.ZodType, unknown, unknown][] = [
  ['UserPublic', UserPublicSchema, user, { ...user, role: 'owner' }],
  [
    'AuthResponse',
    AuthResponseSchema,
    {
      token: 't',
      user: {
        ...user,
        email: 'ana@example.com',
        approvedAt: T,
        approvedBy: 'a1',
        noShows: 0,
        inTransit: false,
        language: null,
      },
    },
    { token: 't', user },
  ],
  ['Item', ItemSchema, item, { ...item, photos: [{ id: 'p', state: 'lost', thumb: null, full: null }] }],
  ['ItemCard', ItemCardSchema, card, { ...card, userId: 'u2' }],
  ['ItemCard owner', ItemCardSchema, { ...card, user: null }, { ...card, user: { ...card.user, id: 'u2' } }],
  ['ItemStats', ItemStatsSchema, { locationCounts: { Bali: 2 } }, { locationCounts: { Bali: '2' } }],
  ['Message', MessageSchema, message, { ...message, isRead: 'yes' }],
  [
    'Message (no warning)',
    MessageSchema,
    { ...message, safetyWarning: null },
    { ...message, safetyWarning: 'spam' },
  ],
  [
    'Review list',
    ReviewListResponseSchema,
    [review, { ...review, reviewer: null }],
    [{ ...review, rating: '5' }],
  ],
  [
    'Report',
    ReportSchema,
    {
      id: 'r1',
      type: 'fraud',
      urgency: 'critical',
      subject: 'Scam',
      description: 'Asked for money first',
      relatedUser: { id: 'u2' },
      relatedItem: null,
      contactEmail: null,
      reporterId: 'u1',
      reporter: { fullName: 'Ana Nomad' },
      source: 'safety-signal',
      status: 'dismissed',
      adminNotes: null,
      assignedTo: null,
      createdAt: T,
      updatedAt: T,
    },
    { id: 'r1', type: 'fraud', urgency: 'urgent' },
  ],
  [
    'Health (ok)',
    HealthResponseSchema,
    {
      status: 'ok',
      services: { auth: 'up', items: 'up', messaging: 'up', moderation: 'up' },
      database: 'up',
      redis: 'up',
    },
    { status: 'ok', services: { auth: 'up' }, database: 'up', redis: 'up' },
  ],
  [
    'Health (degraded)',
    HealthResponseSchema,
    {
      status: 'degraded',
      services: { auth: 'down', items: 'up', messaging: 'down', moderation: 'up' },
      database: 'down',
      redis: 'down',
    },
    { status: 'broken', services: {}, database: 'up', redis: 'up' },
  ],
  [
    'ServiceHealth (ok)',
    ServiceHealthSchema,
    { status: 'ok', service: 'auth', mongo: 'up', redis: 'up' },
    { status: 'ok', service: 'auth', mongo: 'up' },
  ],
  [
    'ServiceHealth (degraded)',
    ServiceHealthSchema,
    { status: 'degraded', service: 'items', mongo: 'down', redis: 'up' },
    { status: 'ok', service: 'items', mongo: 'maybe', redis: 'up' },
  ],
  [
    'ExchangeActionResponse',
    ExchangeActionResponseSchema,
    { exchange },
    { exchange: { ...exchange, status: 'done' } },
  ],
  [
    'ExchangeCompleteResponse',
    ExchangeCompleteResponseSchema,
    { exchange: { ...exchange, status: 'completed', meetup: null }, redirectTo: '/review/u2' },
    { exchange, redirectTo: 5 },
  ],
  [
    'Conversation',
    ConversationSchema,
    {
      otherUser: chatUser,
      lastMessage: message,
      unreadCount: 2,
      item: chatItem,
      blocked: false,
      presence: { userId: 'u1', online: true, lastSeen: null },
    },
    {
      otherUser: chatUser,
      lastMessage: message,
      unreadCount: 1.5,
      item: null,
      blocked: false,
      presence: null,
    },
  ],
  ['ConversationRead', ConversationReadResponseSchema, { updated: 3, unreadCount: 0 }, { updated: 1 }],
  ['UnreadCount', UnreadCountSchema, { count: 4 }, { count: 0.5 }],
  ['Block', BlockSchema, { userId: 'u2', user: chatUser, createdAt: T }, { userId: 'u2', createdAt: T }],
  [
    'ExchangeView',
    ExchangeViewSchema,
    {
      ...exchange,
      requester: chatUser,
      owner: null,
      item: chatItem,
      offeredItems: [{ ...chatItem, id: 'i2' }],
      itemReserved: true,
    },
    {
      ...exchange,
      requester: null,
      owner: null,
      item: null,
      offeredItems: [{ id: 'i2' }],
      itemReserved: true,
    },
  ],
  [
    'ReplyTime',
    ReplyTimeSchema,
    { userId: 'u1', medianMinutes: 12, samples: 5 },
    { userId: 'u1', samples: 5 },
  ],
  [
    'PendingReview list',
    PendingReviewListResponseSchema,
    [
      {
        exchangeId: 'e1',
        completedAt: T,
        otherUser: { id: 'u2', fullName: 'Bo', username: 'bo', avatar: null },
        item: { id: 'i1', title: 'Tent' },
        otherReviewed: true,
      },
    ],
    [{ exchangeId: 'e1', completedAt: T, otherUser: { id: 'u2' }, item: null, otherReviewed: false }],
  ],
  ['ReviewDelete', ReviewDeleteResponseSchema, { message: 'Review deleted', id: 'r1' }, { message: 'x' }],
  [
    'ContactMessage list',
    ContactMessageListResponseSchema,
    [
      {
        id: 'c1',
        name: 'Ana',
        email: 'ana@example.com',
        subject: 'Hi',
        category: 'partnership',
        message: 'Hello there',
        userId: null,
        createdAt: T,
      },
    ],
    [
      {
        id: 'c1',
        name: 'Ana',
        email: 'a@b.co',
        subject: 'Hi',
        category: 'sales',
        message: 'x',
        userId: null,
        createdAt: T,
      },
    ],
  ],
  [
    'AuditLog',
    AuditLogResponseSchema,
    [
      {
        id: 'a1',
        actorId: 'u9',
        actor: { id: 'u9', fullName: 'Admin', username: 'admin' },
        action: 'report.status_changed',
        target: { type: 'report', id: 'r1' },
        at: T,
        before: { status: 'open' },
        after: null,
      },
    ],
    [
      {
        id: 'a1',
        actorId: 'u9',
        actor: null,
        action: 'report.deleted',
        target: { type: 'report', id: 'r1' },
        at: T,
      },
    ],
  ],
  [
    'Place',
    PlaceSchema,
    {
      id: '2267057',
      name: 'Lisbon',
      country: 'Portugal',
      countryCode: 'PT',
      label: 'Lisbon, Portugal',
      lat: 38.72,
      lon: -9.13,
      timezone: 'Europe/Lisbon',
    },
    { id: 'lisbon', name: 'Lisbon', country: 'Portugal', countryCode: 'PT', label: 'Lisbon', lat: 0, lon: 0 },
  ],
];

describe('answers', () => {
  it.each(ANSWERS)(
    '%s: a valid answer is kept as it is, a broken one refused',
    (_name, schema, valid, broken) => {
      expect(schema.parse(valid)).toEqual(valid);
      expect(schema.safeParse(broken).success).toBe(false);
    },
  );

  it('a listing entry is the full item only when it names its owner', () => {
    expect(isFullItem(ItemSchema.parse(item))).toBe(true);
    expect(isFullItem(card)).toBe(false);
  });

  it('a report is filed by a person or by the chat’s safety signal', () => {
    expect(ReportSchema.shape.source.options).toEqual(['user', 'safety-signal']);
  });

  it('a typical reply time needs three replies', () => {
    expect(REPLY_TIME_MIN_SAMPLES).toBe(3);
  });
});

describe('exchange events', () => {
  const event = {
    id: 'e1',
    requesterId: 'u1',
    ownerId: 'u2',
    itemId: 'i1',
    offeredItemIds: ['i2'],
    status: 'no_show',
    acceptedAt: T,
    completedAt: null,
    endedAt: T,
    noShowUserId: 'u2',
    version: 3,
  };

  it('are kept as published', () => {
    expect(ExchangeEventDataSchema.parse(event)).toEqual(event);
    expect(ExchangeEventDataSchema.safeParse({ ...event, version: 1.5 }).success).toBe(false);
  });

  it('of an older publisher (a completed swap with only its ids and time) get the defaults', () => {
    expect(
      ExchangeEventDataSchema.parse({
        id: 'e1',
        requesterId: 'u1',
        ownerId: 'u2',
        itemId: null,
        completedAt: T,
      }),
    ).toEqual({
      id: 'e1',
      requesterId: 'u1',
      ownerId: 'u2',
      itemId: null,
      offeredItemIds: [],
      status: 'completed',
      acceptedAt: null,
      completedAt: T,
      endedAt: null,
      noShowUserId: null,
      version: 0,
    });
  });

  it('carry every status', () => {
    for (const status of EXCHANGE_STATUSES) {
      expect(ExchangeEventDataSchema.parse({ ...event, status }).status).toBe(status);
    }
  });
});

describe('places', () => {
  it('an id is the GeoNames number, 1 to 10 digits, nothing around it', () => {
    const place = (id: string) => PlaceSchema.shape.id.safeParse(id).success;
    expect([place('1'), place('1234567890')]).toEqual([true, true]);
    for (const id of ['', '12345678901', 'a1', '1a', ' 1', '1.5']) expect(place(id), id).toBe(false);
    expect(PlaceSchema.shape.id.safeParse('x').error?.issues[0]?.message).toBe('Invalid place');
  });

  it('a search is trimmed, 1 to 80 characters, and asks for 1 to 20 suggestions', () => {
    const search = (query: object) => PlaceSearchQuerySchema.safeParse(query);
    expect(search({ q: ' lis ', limit: '20' }).data).toEqual({ q: 'lis', limit: 20 });
    expect(search({ q: `  ${'x'.repeat(80)}  ` }).success).toBe(true);
    expect(search({ q: '   ' }).error?.issues[0]?.message).toBe('Search text is required');
    for (const query of [{ q: 'x'.repeat(81) }, { q: 'lis', limit: '21' }, { q: 'lis', limit: '0' }]) {
      expect(search(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('the nearest place is asked for a position on the globe', () => {
    const nearest = (lat: string, lon: string) => NearestPlaceQuerySchema.safeParse({ lat, lon }).success;
    expect(NearestPlaceQuerySchema.parse({ lat: '-90', lon: '180' })).toEqual({ lat: -90, lon: 180 });
    expect([nearest('90', '-180'), nearest('90.01', '0'), nearest('-90.01', '0')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([nearest('0', '180.01'), nearest('0', '-180.01')]).toEqual([false, false]);
  });

  it('the limits the app and the items service read', () => {
    expect(PLACE_LIMITS).toEqual({
      searchDefault: 8,
      searchMax: 20,
      queryMax: 80,
      nearbyKm: 50,
      nearbyMaxKm: 200,
      positionDecimals: 2,
    });
  });
});
