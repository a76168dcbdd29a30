/**
 * Every limit of the contracts, ONE row each, with its number written out here (never read from the schema or
 * from `LIMITS`): a limit changed in a schema no longer matches its row, so the tests this table drives fail
 * (issue 21, "Tests that cannot quietly shrink or lie"). Three levels read it:
 *
 * - contracts (`test/limits.test.ts`): each schema at the boundary (accepted) and one past (refused with the
 *   exact message);
 * - server (`services/<service>/test/limits.test.ts`): the real app at the boundary (2xx) and one past (4xx with
 *   the exact error text), for every row whose `route` the service owns;
 * - UI (`web/src/routes/limits.test.tsx`): every row with a `form`, typed into that form at the boundary and one
 *   past.
 *
 * Test support only: nothing outside tests imports this module.
 */
import type { z } from 'zod';
import { LoginSchema, ProfileUpdateSchema, RegisterSchema, SwapCountSchema } from './auth';
import { SanctionCreateSchema } from './sanctions';
import { StayInputSchema, StayNextInputSchema } from './stays';
import { AlertCreateSchema } from './alerts';
import { ExchangeCancelSchema, ExchangeMeetupSchema, ExchangeRequestSchema } from './exchanges';
import { AdminItemQuerySchema, ItemCreateSchema, ItemQuerySchema, ItemUpdateSchema } from './items';
import { NearestPlaceQuerySchema, PlaceSearchQuerySchema } from './places';
import { ConversationListQuerySchema, MessageListQuerySchema, MessageSendSchema } from './messaging';
import { PushSubscriptionCreateSchema } from './push';
import {
  AuditLogQuerySchema,
  ContactListQuerySchema,
  ContactSchema,
  ReportCreateSchema,
  ReportListQuerySchema,
  ReportUpdateSchema,
  ReviewCreateSchema,
} from './moderation';

/** The services whose routes the rows name. */
export type LimitService = 'auth' | 'items' | 'messaging' | 'moderation';

/** The web forms that show a limit (the UI test knows how to fill each). */
export type LimitForm =
  | 'register'
  | 'login'
  | 'edit-profile'
  | 'stay'
  | 'stay-next'
  | 'alert'
  | 'add-item'
  | 'edit-item'
  | 'review'
  | 'report'
  | 'contact'
  | 'swap-count'
  | 'sanction'
  | 'swap-request'
  | 'composer';

/**
 * What the boundary and one-past numbers measure: a string's length, an array's length, a number's value (a
 * query number is sent as its decimal string; the schemas coerce).
 */
export type LimitKind = 'length' | 'count' | 'number';

export interface LimitRow {
  /** `Schema.field min|max`, unique. */
  name: string;
  schemaName: string;
  schema: z.ZodType;
  /** A valid input of the schema; the row's field is replaced in it. */
  valid: Record<string, unknown>;
  /** The field (a top-level key of the schema's input). */
  field: string;
  kind: LimitKind;
  side: 'min' | 'max';
  /** The exact limit: accepted. */
  at: number;
  /** One past it: refused with `message`. */
  past: number;
  message: string;
  /** The route that validates the field with this schema (`METHOD /path`; `:id` where an id goes). */
  route?: `${'GET' | 'POST' | 'PUT' | 'PATCH'} /api/${string}`;
  service?: LimitService;
  /**
   * The body key the schema's input sits under on the route (`stay` of PUT /api/users/:id; a dotted path for
   * deeper, `stay.next`): the API names the field `within.field` and the form sends it there.
   */
  within?: string;
  /** The web forms that enforce it before sending. */
  forms?: readonly LimitForm[];
}

/** A 24-hex id, distinct per `n`. */
export const limitTestId = (n: number) => (0x65a1b2c3d4e5 + n).toString(16).padStart(24, '0');
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** The value of `row` with size `n` (a string of n characters, an array of n distinct entries, or n). */
export function limitValue(row: Pick<LimitRow, 'kind' | 'field'>, n: number): unknown {
  if (row.kind === 'number') return n;
  if (row.kind === 'count') {
    return Array.from({ length: n }, (_, i) => (row.field === 'images' ? PNG : limitTestId(i + 1)));
  }
  return 'x'.repeat(n);
}

/** `valid` with the row's field set to size `n`. */
export function limitInput(row: LimitRow, n: number): Record<string, unknown> {
  return { ...row.valid, [row.field]: limitValue(row, n) };
}

type RowSpec = Omit<LimitRow, 'name' | 'schemaName' | 'schema' | 'valid' | 'past' | 'kind'> & {
  kind?: LimitKind;
};

/** The rows of one schema (`past` is one beyond `at`, on the side of the limit). */
function rows(
  schemaName: string,
  schema: z.ZodType,
  valid: Record<string, unknown>,
  specs: RowSpec[],
  where: Pick<LimitRow, 'route' | 'service' | 'forms' | 'within'> = {},
): LimitRow[] {
  return specs.map((spec) => ({
    kind: 'length',
    ...where,
    ...spec,
    name: `${schemaName}.${spec.field} ${spec.side}`,
    schemaName,
    schema,
    valid,
    past: spec.side === 'max' ? spec.at + 1 : spec.at - 1,
  }));
}

/** zod's own texts, for limits the schema gives no message of its own. */
const tooLongText = (max: number) => `Too big: expected string to have <=${max} characters`;
const tooShortText = (min: number) => `Too small: expected string to have >=${min} characters`;
const tooBigNumber = (max: number) => `Too big: expected number to be <=${max}`;
const tooSmallNumber = (min: number) => `Too small: expected number to be >=${min}`;
const atMost = (max: number) => `Must be at most ${max} characters`;

const registration = {
  fullName: 'Ana Nomad',
  username: 'ana',
  email: 'ana@example.com',
  location: 'Lisbon, Portugal',
  password: 'secret1',
  bio: 'Slow traveller with too many books.',
  avatar: PNG,
};
const registrationRows = (schemaName: string, schema: z.ZodType, valid: Record<string, unknown>) =>
  rows(
    schemaName,
    schema,
    valid,
    [
      { field: 'fullName', side: 'min', at: 1, message: 'Full name is required' },
      { field: 'fullName', side: 'max', at: 100, message: atMost(100) },
      { field: 'username', side: 'min', at: 3, message: 'Username must be at least 3 characters' },
      { field: 'username', side: 'max', at: 30, message: 'Username must be at most 30 characters' },
      { field: 'location', side: 'min', at: 1, message: 'Location is required' },
      { field: 'location', side: 'max', at: 120, message: atMost(120) },
      { field: 'password', side: 'min', at: 6, message: 'Password must be at least 6 characters' },
      { field: 'password', side: 'max', at: 200, message: 'Password must be at most 200 characters' },
      { field: 'bio', side: 'min', at: 10, message: 'Bio must be at least 10 characters' },
      { field: 'bio', side: 'max', at: 1000, message: 'Bio must be at most 1000 characters' },
    ],
    { route: 'POST /api/auth/register', service: 'auth', forms: ['register'] },
  );

const item = {
  title: 'Tent',
  description: 'Two-person tent',
  category: 'Travel Gear',
  condition: 'good',
  location: 'Bali',
};
const itemRows = (schemaName: string, schema: z.ZodType, route: LimitRow['route'], form: LimitForm) =>
  rows(
    schemaName,
    schema,
    item,
    [
      { field: 'title', side: 'min', at: 1, message: 'Title is required' },
      { field: 'title', side: 'max', at: 120, message: atMost(120) },
      { field: 'description', side: 'min', at: 1, message: 'Description is required' },
      { field: 'description', side: 'max', at: 2000, message: atMost(2000) },
      { field: 'location', side: 'min', at: 1, message: 'Location is required' },
      { field: 'location', side: 'max', at: 120, message: atMost(120) },
      { field: 'preferredExchange', side: 'max', at: 300, message: tooLongText(300) },
      { field: 'images', kind: 'count', side: 'max', at: 3, message: 'Maximum photos reached' },
    ],
    { route, service: 'items', forms: [form] },
  );

type Where = Pick<LimitRow, 'route' | 'service' | 'forms'>;
const pageRows = (schemaName: string, schema: z.ZodType, maxLimit: number, where: Where) =>
  rows(
    schemaName,
    schema,
    {},
    [
      { field: 'limit', kind: 'number', side: 'min', at: 1, message: tooSmallNumber(1) },
      { field: 'limit', kind: 'number', side: 'max', at: maxLimit, message: tooBigNumber(maxLimit) },
    ],
    where,
  );

const moderationPageRows = (schemaName: string, schema: z.ZodType, route: LimitRow['route']) =>
  rows(
    schemaName,
    schema,
    {},
    [
      { field: 'page', kind: 'number', side: 'min', at: 1, message: tooSmallNumber(1) },
      { field: 'page', kind: 'number', side: 'max', at: 100_000, message: tooBigNumber(100_000) },
      { field: 'limit', kind: 'number', side: 'min', at: 1, message: tooSmallNumber(1) },
      { field: 'limit', kind: 'number', side: 'max', at: 100, message: tooBigNumber(100) },
    ],
    { route, service: 'moderation' },
  );

const report = {
  type: 'user',
  urgency: 'low',
  subject: 'Rude message',
  description: 'The other person insulted me in the chat.',
};
const contact = {
  name: 'Ana',
  email: 'ana@example.com',
  subject: 'Hello',
  category: 'general',
  message: 'A question about swaps.',
};
const meetup = { at: '2030-01-01T10:00:00.000Z', place: 'Central station', note: 'By the clock' };

/** Every limit of the contracts' request schemas. */
export const LIMIT_ROWS: readonly LimitRow[] = [
  // auth
  ...registrationRows('RegisterSchema', RegisterSchema, registration),
  ...rows(
    'LoginSchema',
    LoginSchema,
    { email: 'ana@example.com', password: 'secret1' },
    [
      { field: 'password', side: 'min', at: 1, message: 'Password is required' },
      { field: 'password', side: 'max', at: 200, message: 'Password must be at most 200 characters' },
    ],
    { route: 'POST /api/auth/login', service: 'auth', forms: ['login'] },
  ),
  ...rows(
    'ProfileUpdateSchema',
    ProfileUpdateSchema,
    { fullName: 'Ana', location: 'Lisbon', bio: '' },
    [
      { field: 'fullName', side: 'min', at: 1, message: 'Full name is required' },
      { field: 'fullName', side: 'max', at: 100, message: atMost(100) },
      { field: 'location', side: 'min', at: 1, message: 'Location is required' },
      { field: 'location', side: 'max', at: 120, message: atMost(120) },
      { field: 'bio', side: 'max', at: 1000, message: 'Bio must be at most 1000 characters' },
    ],
    { route: 'PUT /api/users/:id', service: 'auth', forms: ['edit-profile'] },
  ),
  ...rows(
    'StayInputSchema',
    StayInputSchema,
    { location: 'Lisbon', until: '2030-01-31' },
    [
      { field: 'location', side: 'min', at: 1, message: 'Location is required' },
      { field: 'location', side: 'max', at: 120, message: atMost(120) },
    ],
    { route: 'PUT /api/users/:id', service: 'auth', within: 'stay', forms: ['stay'] },
  ),
  ...rows(
    'StayNextInputSchema',
    StayNextInputSchema,
    { location: 'Porto', from: '2030-02-01' },
    [
      { field: 'location', side: 'min', at: 1, message: 'Location is required' },
      { field: 'location', side: 'max', at: 120, message: atMost(120) },
    ],
    { route: 'PUT /api/users/:id', service: 'auth', within: 'stay.next', forms: ['stay-next'] },
  ),
  ...rows(
    'SwapCountSchema',
    SwapCountSchema,
    { reviewCount: 4 },
    [{ field: 'reviewCount', kind: 'number', side: 'min', at: 0, message: 'Invalid input' }],
    { route: 'PUT /api/admin/users/:id/swap-count', service: 'auth', forms: ['swap-count'] },
  ),
  ...rows(
    'SanctionCreateSchema',
    SanctionCreateSchema,
    { type: 'restrict', days: 7, reason: 'Listed a prohibited item twice' },
    [
      { field: 'reason', side: 'min', at: 5, message: 'Reason must be at least 5 characters' },
      { field: 'reason', side: 'max', at: 1000, message: 'Reason must be at most 1000 characters' },
      {
        field: 'days',
        kind: 'number',
        side: 'min',
        at: 1,
        message: 'Days must be a whole number from 1 to 365',
      },
      {
        field: 'days',
        kind: 'number',
        side: 'max',
        at: 365,
        message: 'Days must be a whole number from 1 to 365',
      },
    ],
    { route: 'POST /api/admin/users/:id/sanctions', service: 'auth', forms: ['sanction'] },
  ),

  // items
  ...itemRows('ItemCreateSchema', ItemCreateSchema, 'POST /api/items', 'add-item'),
  ...itemRows('ItemUpdateSchema', ItemUpdateSchema, 'PUT /api/items/:id', 'edit-item'),
  ...rows(
    'ItemQuerySchema',
    ItemQuerySchema,
    {},
    [
      { field: 'location', side: 'max', at: 120, message: tooLongText(120) },
      { field: 'q', side: 'max', at: 120, message: tooLongText(120) },
      { field: 'cursor', side: 'max', at: 200, message: tooLongText(200) },
    ],
    { route: 'GET /api/items', service: 'items' },
  ),
  ...pageRows('ItemQuerySchema', ItemQuerySchema, 100, { route: 'GET /api/items', service: 'items' }),
  ...rows(
    'ItemQuerySchema',
    ItemQuerySchema,
    { placeId: '2267057' },
    [
      { field: 'withinKm', kind: 'number', side: 'min', at: 1, message: tooSmallNumber(1) },
      { field: 'withinKm', kind: 'number', side: 'max', at: 200, message: tooBigNumber(200) },
    ],
    { route: 'GET /api/items', service: 'items' },
  ),
  ...rows(
    'AlertCreateSchema',
    AlertCreateSchema,
    // A picked city: the text is the picker's, the place is what is saved (text naming no city is refused).
    { location: 'Lisbon', placeId: '2267057' },
    [
      { field: 'location', side: 'min', at: 1, message: 'Location is required' },
      { field: 'location', side: 'max', at: 120, message: atMost(120) },
    ],
    { route: 'POST /api/alerts', service: 'items', forms: ['alert'] },
  ),
  // places (issue 22; served by items)
  ...rows(
    'PlaceSearchQuerySchema',
    PlaceSearchQuerySchema,
    { q: 'lis' },
    [
      { field: 'q', side: 'min', at: 1, message: 'Search text is required' },
      { field: 'q', side: 'max', at: 80, message: tooLongText(80) },
      { field: 'limit', kind: 'number', side: 'min', at: 1, message: tooSmallNumber(1) },
      { field: 'limit', kind: 'number', side: 'max', at: 20, message: tooBigNumber(20) },
    ],
    { route: 'GET /api/places', service: 'items' },
  ),
  ...rows(
    'NearestPlaceQuerySchema',
    NearestPlaceQuerySchema,
    { lat: 38.72, lon: -9.14 },
    [
      { field: 'lat', kind: 'number', side: 'min', at: -90, message: 'Latitude must be between -90 and 90' },
      { field: 'lat', kind: 'number', side: 'max', at: 90, message: 'Latitude must be between -90 and 90' },
      {
        field: 'lon',
        kind: 'number',
        side: 'min',
        at: -180,
        message: 'Longitude must be between -180 and 180',
      },
      {
        field: 'lon',
        kind: 'number',
        side: 'max',
        at: 180,
        message: 'Longitude must be between -180 and 180',
      },
    ],
    { route: 'GET /api/places/nearest', service: 'items' },
  ),
  ...pageRows('AdminItemQuerySchema', AdminItemQuerySchema, 1000, {
    route: 'GET /api/admin/all-items',
    service: 'items',
  }),

  // messaging
  ...rows('MessageSendSchema', MessageSendSchema, { receiverId: limitTestId(99), content: 'hi' }, [
    { field: 'content', side: 'min', at: 1, message: 'Message cannot be empty' },
    { field: 'content', side: 'max', at: 2000, message: 'Message must be at most 2000 characters' },
    { field: 'clientId', side: 'min', at: 1, message: tooShortText(1) },
    { field: 'clientId', side: 'max', at: 64, message: tooLongText(64) },
  ]).map((row) => ({
    ...row,
    route: 'POST /api/messages' as const,
    service: 'messaging' as const,
    ...(row.field === 'content' ? { forms: ['composer'] as const } : {}),
  })),
  ...pageRows('MessageListQuerySchema', MessageListQuerySchema, 100, {
    route: 'GET /api/messages',
    service: 'messaging',
  }),
  ...rows(
    'ConversationListQuerySchema',
    ConversationListQuerySchema,
    {},
    [{ field: 'before', side: 'max', at: 100, message: tooLongText(100) }],
    { route: 'GET /api/conversations', service: 'messaging' },
  ),
  ...pageRows('ConversationListQuerySchema', ConversationListQuerySchema, 100, {
    route: 'GET /api/conversations',
    service: 'messaging',
  }),
  ...rows(
    'ExchangeRequestSchema',
    ExchangeRequestSchema,
    { itemId: limitTestId(99) },
    [
      { field: 'message', side: 'max', at: 1000, message: 'Message must be at most 1000 characters' },
      { field: 'offeredItemIds', kind: 'count', side: 'max', at: 3, message: 'You can offer up to 3 items' },
    ],
    { route: 'POST /api/exchanges', service: 'messaging', forms: ['swap-request'] },
  ),
  ...rows(
    'PushSubscriptionCreateSchema',
    PushSubscriptionCreateSchema,
    { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BNcR', auth: 'tBHI' } },
    [
      { field: 'endpoint', side: 'min', at: 1, message: 'Push endpoint is required' },
      { field: 'endpoint', side: 'max', at: 1024, message: 'Push endpoint must be at most 1024 characters' },
    ],
    { route: 'POST /api/push/subscriptions', service: 'messaging' },
  ),
  ...rows(
    'ExchangeCancelSchema',
    ExchangeCancelSchema,
    { reason: 'Plans changed' },
    [
      { field: 'reason', side: 'min', at: 1, message: 'Please say why you are cancelling' },
      { field: 'reason', side: 'max', at: 300, message: 'Reason must be at most 300 characters' },
    ],
    { route: 'POST /api/exchanges/:id/cancel', service: 'messaging' },
  ),
  ...rows(
    'ExchangeMeetupSchema',
    ExchangeMeetupSchema,
    meetup,
    [
      { field: 'place', side: 'min', at: 3, message: 'Place must be at least 3 characters' },
      { field: 'place', side: 'max', at: 120, message: 'Place must be at most 120 characters' },
      { field: 'note', side: 'max', at: 300, message: 'Note must be at most 300 characters' },
    ],
    { route: 'PUT /api/exchanges/:id/meetup', service: 'messaging' },
  ),

  // moderation
  ...rows(
    'ReviewCreateSchema',
    ReviewCreateSchema,
    { rating: 5, comment: 'Great', revieweeId: limitTestId(99) },
    [
      { field: 'rating', kind: 'number', side: 'min', at: 1, message: 'Rating required' },
      { field: 'rating', kind: 'number', side: 'max', at: 5, message: 'Rating required' },
      { field: 'comment', side: 'min', at: 1, message: 'Comment required' },
      { field: 'comment', side: 'max', at: 500, message: 'Comment must be at most 500 characters' },
    ],
  ).map((row) => ({
    ...row,
    route: 'POST /api/reviews' as const,
    service: 'moderation' as const,
    forms: ['review'] as const,
  })),
  ...rows(
    'ContactSchema',
    ContactSchema,
    contact,
    [
      { field: 'name', side: 'min', at: 1, message: 'Name is required' },
      { field: 'name', side: 'max', at: 100, message: atMost(100) },
      { field: 'subject', side: 'min', at: 1, message: 'Subject is required' },
      { field: 'subject', side: 'max', at: 200, message: atMost(200) },
      { field: 'message', side: 'min', at: 10, message: 'Message must be at least 10 characters' },
      { field: 'message', side: 'max', at: 5000, message: 'Message must be at most 5000 characters' },
    ],
    { route: 'POST /api/contact', service: 'moderation', forms: ['contact'] },
  ),
  ...rows(
    'ReportCreateSchema',
    ReportCreateSchema,
    report,
    [
      { field: 'subject', side: 'min', at: 5, message: 'Subject must be at least 5 characters' },
      { field: 'subject', side: 'max', at: 200, message: 'Subject must be at most 200 characters' },
      { field: 'description', side: 'min', at: 20, message: 'Description must be at least 20 characters' },
      { field: 'description', side: 'max', at: 5000, message: 'Description must be at most 5000 characters' },
      { field: 'relatedUser', side: 'max', at: 200, message: tooLongText(200) },
      { field: 'relatedItem', side: 'max', at: 200, message: tooLongText(200) },
    ],
    { route: 'POST /api/reports', service: 'moderation', forms: ['report'] },
  ),
  ...rows(
    'ReportUpdateSchema',
    ReportUpdateSchema,
    { status: 'resolved' },
    [{ field: 'adminNotes', side: 'max', at: 2000, message: tooLongText(2000) }],
    { route: 'PUT /api/reports/:id', service: 'moderation' },
  ),
  ...moderationPageRows('ReportListQuerySchema', ReportListQuerySchema, 'GET /api/reports'),
  ...moderationPageRows('ContactListQuerySchema', ContactListQuerySchema, 'GET /api/admin/contact-messages'),
  ...moderationPageRows('AuditLogQuerySchema', AuditLogQuerySchema, 'GET /api/admin/audit-log'),
  ...rows(
    'AuditLogQuerySchema',
    AuditLogQuerySchema,
    {},
    [
      { field: 'targetId', side: 'min', at: 1, message: tooShortText(1) },
      { field: 'targetId', side: 'max', at: 64, message: tooLongText(64) },
    ],
    { route: 'GET /api/admin/audit-log', service: 'moderation' },
  ),
];

/**
 * Uploads: an image data URL is refused past 10 MB decoded (`LIMITS.maxUploadBytes`, checked by the kit's
 * `readImageUpload`), with 413 'File too large' naming the field.
 */
export const UPLOAD_LIMIT = {
  at: 10 * 1024 * 1024,
  past: 10 * 1024 * 1024 + 1,
  status: 413,
  message: 'File too large',
  routes: ['POST /api/items', 'POST /api/auth/register'],
} as const;

/**
 * Sockets per user (`SOCKET_MAX_PER_USER`, messaging's default cap over every replica): the handshake of one
 * past is refused with a `connect_error` whose message is the text and whose `data.code` is the code.
 */
export const SOCKET_CONNECTION_LIMIT = {
  at: 10,
  past: 11,
  code: 'TOO_MANY_CONNECTIONS',
  message: 'Too many open chat connections. Close another tab or device and try again.',
} as const;

/** The rows a service's routes validate. */
export const limitRowsOf = (service: LimitService) => LIMIT_ROWS.filter((row) => row.service === service);
/** The rows a web form enforces. */
export const limitRowsOfForm = (form: LimitForm) => LIMIT_ROWS.filter((row) => row.forms?.includes(form));
