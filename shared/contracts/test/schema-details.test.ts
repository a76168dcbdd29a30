import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterSchema } from '../src/auth';
import { IdSchema, ImageDataUrlSchema } from '../src/common';
import {
  EXCHANGE_LIMITS,
  ExchangeMeetupSchema,
  ExchangeRequestSchema,
  isOpenExchangeStatus,
} from '../src/exchanges';
import { ItemCreateSchema, ItemQuerySchema } from '../src/items';
import {
  ClientIdSchema,
  DEFAULT_MESSAGING_SETTINGS,
  MessageSendSchema,
  notificationSwitch,
} from '../src/messaging';
import { isAllowedPushEndpoint, NOTIFICATION_KINDS } from '../src/push';
import { ContactSchema, ReportCreateSchema } from '../src/moderation';

// Found by mutation testing (docs/mutation.md): what the limits table does not say about the same fields.
const ID = '65a1b2c3d4e5f60718293a4b';
const ok = (result: { success: boolean }) => result.success;

describe('ids', () => {
  it('are exactly 24 hex characters, made lower case', () => {
    expect(IdSchema.parse(ID.toUpperCase())).toBe(ID);
    for (const id of [ID.slice(1), `${ID}0`, `x${ID}`, `${ID}x`, ` ${ID}`, 'g'.repeat(24)]) {
      expect(ok(IdSchema.safeParse(id)), id).toBe(false);
    }
  });
});

describe('image data URLs', () => {
  it('start with data:image/…;base64, and hold only base64 (and whitespace) after it', () => {
    expect(ok(ImageDataUrlSchema.safeParse('data:image/png;base64,iVBO Rw0K\nGgo='))).toBe(true);
    for (const url of [
      'xdata:image/png;base64,iVBORw0KGgo=',
      'data:image/png;base64,iVBORw0KGgo=<script>',
      'data:image/png;base64,iVBO#Rw0KGgo=',
      'data:text/png;base64,iVBORw0KGgo=',
    ]) {
      expect(ok(ImageDataUrlSchema.safeParse(url)), url).toBe(false);
    }
  });
});

describe('text is trimmed before its limit is checked', () => {
  const spaces = (text: string) => `   ${text}   `;
  it.each([
    ['meetup place', ExchangeMeetupSchema, { at: '2030-01-01T10:00:00Z', place: spaces('ab') }],
    ['exchange message', ExchangeRequestSchema, { itemId: ID, message: spaces('x'.repeat(1001)) }],
    [
      'report subject',
      ReportCreateSchema,
      { type: 'user', urgency: 'low', subject: spaces('abcd'), description: 'x'.repeat(20) },
    ],
    [
      'report description',
      ReportCreateSchema,
      { type: 'user', urgency: 'low', subject: 'abcde', description: spaces('x'.repeat(19)) },
    ],
    [
      'contact message',
      ContactSchema,
      { name: 'A', email: 'a@b.co', subject: 'S', category: 'general', message: spaces('x'.repeat(9)) },
    ],
    [
      'username',
      RegisterSchema,
      {
        fullName: 'A',
        username: spaces('ab'),
        email: 'a@b.co',
        location: 'L',
        password: 'secret1',
        bio: 'x'.repeat(10),
        avatar: 'data:image/png;base64,iVBO',
      },
    ],
    [
      'bio',
      RegisterSchema,
      {
        fullName: 'A',
        username: 'abc',
        email: 'a@b.co',
        location: 'L',
        password: 'secret1',
        bio: spaces('x'.repeat(9)),
        avatar: 'data:image/png;base64,iVBO',
      },
    ],
  ] as const)('%s', (_name, schema, input) => {
    expect(ok(schema.safeParse(input))).toBe(false);
  });

  it('so spaces around a text at its limit do not count', () => {
    const x = (n: number) => spaces('x'.repeat(n));
    expect(ok(ExchangeRequestSchema.safeParse({ itemId: ID, message: x(1000) }))).toBe(true);
    const meetup = { at: '2030-01-01T10:00:00Z', place: x(120), note: x(300) };
    expect(ok(ExchangeMeetupSchema.safeParse(meetup))).toBe(true);
  });

  it('and the trimmed text is what is kept', () => {
    expect(
      ItemCreateSchema.parse({
        title: ' Tent ',
        description: ' d ',
        category: 'Books',
        condition: 'good',
        location: ' L ',
        preferredExchange: ' x ',
      }),
    ).toMatchObject({ title: 'Tent', description: 'd', location: 'L', preferredExchange: 'x' });
    expect(ItemQuerySchema.parse({ q: ' tent ', location: ' Bali ' })).toMatchObject({
      q: 'tent',
      location: 'Bali',
    });
    expect(MessageSendSchema.parse({ receiverId: ID, content: 'hi', clientId: ' c-1 ' }).clientId).toBe(
      'c-1',
    );
    expect(RegisterSchema.shape.email.parse('Ana@Example.COM')).toBe('ana@example.com');
    // Trimmed before the format check (mutation testing found the trim ran after it, so it never did anything).
    expect(RegisterSchema.shape.email.parse(' Ana@Example.com ')).toBe('ana@example.com');
    expect(LoginSchema.shape.email.parse('\tana@example.com ')).toBe('ana@example.com');
    expect(ContactSchema.shape.email.parse(' Ana@example.com ')).toBe('Ana@example.com');
    expect(ok(ContactSchema.shape.email.safeParse(' ana@ example.com'))).toBe(false);
  });
});

describe('character rules', () => {
  it('usernames and client ids allow only their characters, all through', () => {
    expect(ok(RegisterSchema.shape.username.safeParse('ana.n-o_1'))).toBe(true);
    for (const name of ['ana!', '!ana', 'a na'])
      expect(ok(RegisterSchema.shape.username.safeParse(name)), name).toBe(false);
    expect(ok(ClientIdSchema.safeParse('a1:b.c-d_e'))).toBe(true);
    for (const id of ['a/b', '/ab', 'ab/']) expect(ok(ClientIdSchema.safeParse(id)), id).toBe(false);
  });

  it('an item keeps its existing photos by their /api/images/<id> path only', () => {
    const item = { title: 'T', description: 'D', category: 'Books', condition: 'good', location: 'L' };
    expect(ok(ItemCreateSchema.safeParse({ ...item, images: [`/api/images/${ID}`] }))).toBe(true);
    for (const image of ['/api/images/xyz', `/x/api/images/${ID}`, '/api/images/65a1b2']) {
      expect(ok(ItemCreateSchema.safeParse({ ...item, images: [image] })), image).toBe(false);
    }
  });
});

describe('optional report fields', () => {
  it('blank related user, item and e-mail mean none', () => {
    const report = { type: 'user', urgency: 'low', subject: 'abcde', description: 'x'.repeat(20) };
    const parsed = ReportCreateSchema.parse({
      ...report,
      relatedUser: ' ',
      relatedItem: '',
      contactEmail: '',
    });
    expect(parsed).not.toHaveProperty('relatedUser', expect.anything());
    expect(parsed.relatedUser).toBeUndefined();
    expect(parsed.relatedItem).toBeUndefined();
    expect(parsed.contactEmail).toBeUndefined();
    expect(ReportCreateSchema.parse({ ...report, relatedUser: ' lena ' }).relatedUser).toBe('lena');
  });
});

describe('exchanges', () => {
  it('an item is offered once', () => {
    expect(ok(ExchangeRequestSchema.safeParse({ itemId: ID, offeredItemIds: [ID, ID] }))).toBe(false);
  });

  it('proposed and accepted are the open states', () => {
    expect(
      ['proposed', 'accepted', 'completed', 'declined'].map((s) => isOpenExchangeStatus(s as never)),
    ).toEqual([true, true, false, false]);
  });

  it('times are in milliseconds', () => {
    expect(EXCHANGE_LIMITS.proposalExpiresMs).toBe(14 * 24 * 3_600_000);
    expect(EXCHANGE_LIMITS.confirmWindowMs).toBe(72 * 3_600_000);
    expect(EXCHANGE_LIMITS.reminderBeforeMs).toBe(2 * 3_600_000);
    expect(EXCHANGE_LIMITS.meetupMaxAheadMs).toBe(365 * 24 * 3_600_000);
  });
});

it('messaging settings default to receipts, e-mails and pushes on, message text in e-mails and pushes off', () => {
  expect(DEFAULT_MESSAGING_SETTINGS).toEqual({
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
  });
});

it('names the settings switch of each kind and channel (the messages e-mail switch keeps its old name)', () => {
  expect(
    NOTIFICATION_KINDS.map((kind) => [notificationSwitch(kind, 'push'), notificationSwitch(kind, 'email')]),
  ).toEqual([
    ['pushMessages', 'emailNotifications'],
    ['pushSwaps', 'emailSwaps'],
    ['pushReminders', 'emailReminders'],
    ['pushAlerts', 'emailAlerts'],
  ]);
});

it.each([
  ['https://fcm.googleapis.com/fcm/send/a', [], true],
  ['https://updates.push.services.mozilla.com/wpush/v2/a', [], true],
  ['https://db5p.notify.windows.com/w/?token=a', [], true],
  ['https://web.push.apple.com/a', [], true],
  ['https://notify.windows.com/w', [], false],
  ['https://evilnotify.windows.com/w', [], false],
  ['https://fcm.googleapis.com.evil.example/a', [], false],
  ['http://fcm.googleapis.com/a', [], false],
  ['https://fcm.googleapis.com:444/a', [], false],
  ['https://fcm.googleapis.com:443/a', [], true],
  ['http://127.0.0.1:8090/notify/a', ['127.0.0.1:8090'], true],
  ['http://127.0.0.1:8091/notify/a', ['127.0.0.1:8090'], false],
  ['https://push.example/a', ['push.example:443'], true],
  ['ftp://push.example/a', ['push.example:21'], false],
  ['not a url', [], false],
] as const)('isAllowedPushEndpoint(%s, %j) is %s', (endpoint, hosts, allowed) => {
  expect(isAllowedPushEndpoint(endpoint, hosts)).toBe(allowed);
});
