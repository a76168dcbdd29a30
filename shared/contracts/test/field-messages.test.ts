import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AvatarUploadSchema, LoginSchema, ProfileUpdateSchema, RegisterSchema } from '../src/auth';
import { ErrorBodySchema, IdParamsSchema, IdSchema } from '../src/common';
import { ALL_CATEGORIES, REPORT_URGENCY_RANK, SEARCH_BAR_CATEGORIES } from '../src/enums';
import {
  ExchangeCancelSchema,
  ExchangeMeetupSchema,
  ExchangeQuerySchema,
  ExchangeRequestSchema,
} from '../src/exchanges';
import { ItemCreateSchema, ItemQuerySchema } from '../src/items';
import { MSG } from '../src/messages';
import {
  ClientIdSchema,
  ConversationReadSchema,
  ExchangeCompleteSchema,
  NEXT_CURSOR_HEADER,
  SocketMessageSendSchema,
  TypingSchema,
  UserIdParamsSchema,
} from '../src/messaging';
import {
  AuditLogQuerySchema,
  ContactSchema,
  ReportCreateSchema,
  ReportUpdateSchema,
  ReviewCreateSchema,
} from '../src/moderation';

/**
 * Found by mutation testing (issue 21): a field that is missing or of the wrong kind gets the field's own text,
 * as a form shows it, not zod's default; and the inputs the limits table does not reach.
 */
const ID = '65a1b2c3d4e5f60718293a4b';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const registration = {
  fullName: 'Ana Nomad',
  username: 'ana',
  email: 'ana@example.com',
  location: 'Lisbon',
  password: 'secret1',
  bio: 'Slow traveller, many books.',
  avatar: PNG,
};
const item = {
  title: 'Tent',
  description: 'Two-person tent',
  category: 'Books',
  condition: 'good',
  location: 'L',
};
const contact = {
  name: 'Ana',
  email: 'ana@example.com',
  subject: 'Hi',
  category: 'general',
  message: 'x'.repeat(10),
};
const report = { type: 'user', urgency: 'low', subject: 'abcde', description: 'x'.repeat(20) };

/** The first message on `field` when `valid` has `value` there (undefined: the field is left out). */
function messageOn(schema: z.ZodType, valid: object, field: string, value: unknown): string | undefined {
  const result = schema.safeParse({ ...valid, [field]: value });
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('a missing or malformed field gets its own text', () => {
  it.each([
    ['login e-mail', LoginSchema, { email: 'a@b.co', password: 'x' }, 'email', undefined, MSG.invalidEmail],
    [
      'login password',
      LoginSchema,
      { email: 'a@b.co', password: 'x' },
      'password',
      undefined,
      MSG.passwordRequired,
    ],
    ['full name', RegisterSchema, registration, 'fullName', undefined, MSG.fullNameRequired],
    ['username', RegisterSchema, registration, 'username', undefined, MSG.usernameMin],
    [
      'username characters',
      RegisterSchema,
      registration,
      'username',
      'a b',
      'Username may only contain letters, numbers, dots, dashes and underscores',
    ],
    ['registration e-mail', RegisterSchema, registration, 'email', 42, MSG.invalidEmail],
    ['location', RegisterSchema, registration, 'location', undefined, MSG.locationRequired],
    ['password', RegisterSchema, registration, 'password', undefined, MSG.passwordMin],
    ['bio', RegisterSchema, registration, 'bio', undefined, MSG.bioMin],
    ['avatar', RegisterSchema, registration, 'avatar', undefined, MSG.avatarRequired],
    ['avatar upload', AvatarUploadSchema, { avatar: PNG }, 'avatar', undefined, MSG.avatarRequired],
    [
      'cancel reason',
      ExchangeCancelSchema,
      { reason: 'x' },
      'reason',
      undefined,
      MSG.exchangeCancelReasonRequired,
    ],
    [
      'blank cancel reason',
      ExchangeCancelSchema,
      { reason: 'x' },
      'reason',
      '   ',
      MSG.exchangeCancelReasonRequired,
    ],
    [
      'meetup place',
      ExchangeMeetupSchema,
      { at: '2030-01-01T10:00:00Z', place: 'Hall' },
      'place',
      undefined,
      MSG.meetupPlaceMin,
    ],
    [
      'meetup time',
      ExchangeMeetupSchema,
      { at: '2030-01-01T10:00:00Z', place: 'Hall' },
      'at',
      'tomorrow',
      MSG.meetupTimeInvalid,
    ],
    [
      'offered twice',
      ExchangeRequestSchema,
      { itemId: ID },
      'offeredItemIds',
      [ID, ID],
      MSG.exchangeOfferedDuplicate,
    ],
    ['category', ItemCreateSchema, item, 'category', 'Food', MSG.categoryRequired],
    ['condition', ItemCreateSchema, item, 'condition', undefined, MSG.conditionRequired],
    ['photo', ItemCreateSchema, item, 'images', ['photo.png'], MSG.invalidFileType],
    ['item id', IdParamsSchema, { id: ID }, 'id', 'x', 'Invalid id'],
    [
      'rating',
      ReviewCreateSchema,
      { rating: 5, comment: 'Good', revieweeId: ID },
      'rating',
      'five',
      MSG.ratingRequired,
    ],
    ['contact name', ContactSchema, contact, 'name', undefined, MSG.nameRequired],
    ['contact e-mail', ContactSchema, contact, 'email', undefined, MSG.invalidEmail],
    ['contact message', ContactSchema, contact, 'message', undefined, MSG.contactMessageMin],
    ['report subject', ReportCreateSchema, report, 'subject', undefined, MSG.reportSubjectMin],
    ['report description', ReportCreateSchema, report, 'description', undefined, MSG.reportDescriptionMin],
    [
      'report status',
      ReportUpdateSchema,
      { status: 'open' },
      'status',
      'closed',
      'Status must be open, resolved or dismissed',
    ],
  ] as const)('%s', (_name, schema, valid, field, value, message) => {
    expect(schema.safeParse(valid).success, 'the valid input').toBe(true);
    expect(messageOn(schema, valid, field, value)).toBe(message);
  });

  it('a client id with other characters is refused as such', () => {
    expect(ClientIdSchema.safeParse('a/b').error?.issues[0]?.message).toBe('Invalid clientId');
    expect(IdSchema.safeParse(`${ID}0`).error?.issues[0]?.message).toBe('Invalid id');
  });
});

describe('what the limits table does not reach', () => {
  it('a meetup time may carry an offset', () => {
    expect(ExchangeMeetupSchema.parse({ at: '2030-01-01T10:00:00+02:00', place: 'Hall' }).at).toBe(
      '2030-01-01T10:00:00+02:00',
    );
  });

  it('texts are kept trimmed: username, bio, cancel reason, admin notes, audit target', () => {
    expect(RegisterSchema.parse({ ...registration, username: '  ana  ' }).username).toBe('ana');
    expect(ProfileUpdateSchema.parse({ fullName: 'A', location: 'L', bio: ' b ' }).bio).toBe('b');
    expect(ExchangeCancelSchema.parse({ reason: ' plans ' })).toEqual({ reason: 'plans' });
    expect(ReportUpdateSchema.parse({ status: 'resolved', adminNotes: ' n ' }).adminNotes).toBe('n');
    expect(AuditLogQuerySchema.parse({ targetId: ' t1 ' }).targetId).toBe('t1');
    expect(AuditLogQuerySchema.safeParse({ targetId: '   ' }).success).toBe(false);
  });

  it('an avatar upload is one image data URL', () => {
    expect(AvatarUploadSchema.parse({ avatar: PNG })).toEqual({ avatar: PNG });
  });

  it('an item without photos has none; browse within 1 to 200 km', () => {
    expect(ItemCreateSchema.parse(item).images).toEqual([]);
    const within = (km: string) => ItemQuerySchema.safeParse({ placeId: '1', withinKm: km }).success;
    expect(['1', '200', '0', '201'].map(within)).toEqual([true, true, false, false]);
  });

  it('a report’s contact e-mail is kept', () => {
    expect(ReportCreateSchema.parse({ ...report, contactEmail: 'ana@example.com' }).contactEmail).toBe(
      'ana@example.com',
    );
  });
});

describe('small payloads are kept as sent, and refused when broken', () => {
  it.each([
    ['IdParams', IdParamsSchema, { id: ID }, {}],
    ['UserIdParams', UserIdParamsSchema, { userId: ID }, {}],
    ['ExchangeComplete', ExchangeCompleteSchema, { otherUserId: ID, itemId: ID }, { itemId: ID }],
    ['Typing', TypingSchema, { to: ID, isTyping: true }, { to: ID }],
    ['ConversationRead', ConversationReadSchema, { with: ID }, {}],
    [
      'SocketMessageSend',
      SocketMessageSendSchema,
      { receiverId: ID, content: 'hi', clientId: 'c-1' },
      { receiverId: ID, content: 'hi' },
    ],
    ['ExchangeQuery', ExchangeQuerySchema, { userId: ID, itemId: ID, status: 'expired' }, { status: 'done' }],
    [
      'ErrorBody',
      ErrorBodySchema,
      { error: 'Bad', code: 'X', details: [{ field: 'f', message: 'm' }] },
      { error: 'Bad', details: [{ field: 'f' }] },
    ],
  ] as const)('%s', (_name, schema, valid, broken) => {
    expect(schema.parse(valid)).toEqual(valid);
    expect(schema.safeParse(broken).success).toBe(false);
  });
});

describe('constants the web app and services read', () => {
  it('the search bar starts with All Categories', () => {
    expect(ALL_CATEGORIES).toBe('All Categories');
    expect(SEARCH_BAR_CATEGORIES[0]).toBe('All Categories');
  });

  it('report urgencies rank low to critical', () => {
    expect(REPORT_URGENCY_RANK).toEqual({ low: 0, medium: 1, high: 2, critical: 3 });
  });

  it('messaging’s next-cursor header is the one items sends', () => {
    expect(NEXT_CURSOR_HEADER.toLowerCase()).toBe('x-next-cursor');
  });
});
