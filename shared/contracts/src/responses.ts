import { z } from 'zod';
import {
  CATEGORIES,
  CONDITION_VALUES,
  LANGUAGES,
  REPORT_SOURCES,
  SAFETY_WARNINGS,
  REPORT_STATUSES,
  REPORT_TYPES,
  REPORT_URGENCIES,
  ROLES,
} from './enums';
import { StaySchema } from './stays';
import { CurrentSanctionSchema, SANCTION_TYPES, WarningNoticeSchema } from './sanctions';

/** What every other user may see of a user. Never a password hash; e-mail only in {@link UserSelfSchema}. */
export const UserPublicSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  bio: z.string(),
  location: z.string(),
  /** The city `location` names (issue 22: a GeoNames id); null when the text matched no city. */
  placeId: z.string().nullable(),
  avatar: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number(),
  completedSwaps: z.number(),
  /**
   * Accepted exchanges that ended, completed or not (issue 20): profiles show "Completed N of M arranged swaps"
   * once it reaches EXCHANGE_LIMITS.reliabilityMinArranged.
   */
  arrangedSwaps: z.number(),
  isVerified: z.boolean(),
  isApproved: z.boolean(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** Where they are until when, and next (issue 22); null without one. */
  stay: StaySchema.nullable(),
});
export type UserPublic = z.infer<typeof UserPublicSchema>;

/** The user as seen by themself and by admins. */
export const UserSelfSchema = UserPublicSchema.extend({
  email: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  /** No-shows reported against the user (ended exchanges); the admin's user detail shows them. */
  noShows: z.number(),
  /** Travelling mode (issue 22): their listings are paused, hidden from everyone else. Not on the public view. */
  inTransit: z.boolean(),
  /** The restriction or suspension in force (issue 26); null or absent without one. */
  sanction: CurrentSanctionSchema.nullable().optional(),
  /** The latest warning (issue 26), for the user's banner. */
  warning: WarningNoticeSchema.nullable().optional(),
  /** The language the user chose for the app and their e-mails (issue 23); null: not chosen, the browser's. */
  language: z.enum(LANGUAGES).nullable(),
});
export type UserSelf = z.infer<typeof UserSelfSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSelfSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** The owner summary carried by items (spec section 3). */
export const UserSummarySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number(),
  /**
   * When the owner's stay ends (ISO), given only when their stay is in the item's city (issue 22): cards and the
   * detail show "Leaving in 3 days" beside them within STAY_LIMITS.ownerLeavingSoonMs. The public profile shows
   * the same stay. Absent otherwise, and from other summaries (exchanges, messages).
   */
  leavingAt: z.string().optional(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const IMAGE_STATES = ['processing', 'ready', 'failed'] as const;
export const ItemImageSchema = z.object({
  id: z.string(),
  state: z.enum(IMAGE_STATES),
  thumb: z.string().nullable(),
  full: z.string().nullable(),
});
export type ItemImage = z.infer<typeof ItemImageSchema>;

export const ItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITION_VALUES),
  /** URLs of the processed full-size images, in order (the spec's `images: string[]`). */
  images: z.array(z.string()),
  /** Per-image state and variants, for owners and admins (processing / failed shown instead of a broken picture). */
  photos: z.array(ItemImageSchema),
  location: z.string(),
  /** The city `location` names (issue 22: a GeoNames id); null when the text matched no city. */
  placeId: z.string().nullable(),
  userId: z.string(),
  isActive: z.boolean(),
  isSwapped: z.boolean(),
  /** Reserved for one requester by an accepted exchange (issue 20): shown to everyone. */
  isReserved: z.boolean(),
  /** Whom it is reserved for: only in the owner's, that requester's and an admin's view (null otherwise). */
  reservedFor: z.string().nullable(),
  preferredExchange: z.string().nullable(),
  /** The listing's deadline (issue 22), ISO; null: no deadline. */
  availableUntil: z.string().nullable(),
  /** When the listing expired at its deadline (ISO; only its owner lists it then, with Relist / Extend). */
  expiredAt: z.string().nullable(),
  createdAt: z.string(),
  user: UserSummarySchema.nullable(),
  isFavorited: z.boolean().optional(),
});
export type Item = z.infer<typeof ItemSchema>;

/** The owner as a browse card shows them: photo, name, whole stars and review count (spec section 2). */
export const ItemCardOwnerSchema = UserSummarySchema.pick({
  fullName: true,
  avatar: true,
  rating: true,
  reviewCount: true,
});
export type ItemCardOwner = z.infer<typeof ItemCardOwnerSchema>;

/**
 * What visitors and unapproved users get in a listing instead of the full item: exactly what the browse card
 * shows (spec section 2) — the cover thumbnail, title, description, category, condition, location and the owner
 * summary. No owner id, username, other photos, preferred exchange or dates: those belong to the item detail and
 * the profiles, which these viewers may not open (spec section 6). Strict, so a field added by mistake fails tests.
 */
export const ItemCardSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITION_VALUES),
  location: z.string(),
  placeId: z.string().nullable(),
  /** The first ready photo's thumbnail URL; null when the item has none (the card shows the default picture). */
  cover: z.string().nullable(),
  /** Reserved for someone by an accepted exchange (issue 20); whom for is not said to these viewers. */
  isReserved: z.boolean(),
  /** The listing's deadline (ISO; null: none): the card's "Leaving in 3 days" badge. */
  availableUntil: z.string().nullable(),
  user: ItemCardOwnerSchema.strict().nullable(),
});
export type ItemCard = z.infer<typeof ItemCardSchema>;

/** An entry of `GET /api/items`: the full item for approved users, admins and owners; a card for the others. */
export type ListedItem = Item | ItemCard;

// Apart (no zod there) for the web app's item cards; still exported from here.
export { isFullItem } from './listed-item';

export const ItemStatsSchema = z.object({ locationCounts: z.record(z.string(), z.number()) });
export type ItemStats = z.infer<typeof ItemStatsSchema>;

/**
 * A participant of a chat as messages show them: the public summary, never e-mail or hash. A deleted user is
 * `{fullName: 'Deleted user', deleted: true, avatar: null, …}`.
 */
export const ChatUserSchema = UserSummarySchema.extend({ deleted: z.boolean() });
export type ChatUser = z.infer<typeof ChatUserSchema>;

/**
 * A stored message (GET/POST /api/messages, socket `message:new`). `isRead` is the spec's read flag; the
 * sender sees it true only when both sides have read receipts on (then it is "Seen" at `readAt`).
 */
export const MessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  exchangeId: z.string().nullable(),
  /** The item the conversation was about when this message was sent (item detail's Message Owner). */
  itemId: z.string().nullable(),
  content: z.string(),
  /** Only in the receiver's view (null in the sender's): the warning the chat shows under the message. */
  safetyWarning: z.enum(SAFETY_WARNINGS).nullable(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  sender: ChatUserSchema.nullable(),
  receiver: ChatUserSchema.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ReviewSchema = z.object({
  id: z.string(),
  reviewerId: z.string(),
  revieweeId: z.string(),
  exchangeId: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  /**
   * Reviews are revealed together (issue 20): once both parties reviewed the exchange, or 14 days after it
   * completed. Lists for users hold revealed reviews only; admins see every review with this flag.
   */
  isRevealed: z.boolean(),
  reviewer: z
    .object({ id: z.string(), fullName: z.string(), username: z.string(), avatar: z.string().nullable() })
    .nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReportSchema = z.object({
  id: z.string(),
  type: z.enum(REPORT_TYPES),
  urgency: z.enum(REPORT_URGENCIES),
  subject: z.string(),
  description: z.string(),
  /** Named from moderation's copy of the users (absent when it has none: the admin sees the id). */
  relatedUser: z
    .object({ id: z.string(), fullName: z.string().optional(), username: z.string().optional() })
    .nullable(),
  relatedItem: z.string().nullable(),
  /** The listing's title from moderation's copy of the items; null when it has none. */
  relatedItemTitle: z.string().nullable().optional(),
  contactEmail: z.string().nullable(),
  reporterId: z.string().nullable(),
  reporter: z.object({ fullName: z.string(), username: z.string().optional() }).nullable(),
  /** 'safety-signal': filed by NomadSwap itself (reporter 'NomadSwap safety'), the messages in the description. */
  source: z.enum(REPORT_SOURCES),
  status: z.enum(REPORT_STATUSES),
  adminNotes: z.string().nullable(),
  assignedTo: z.string().nullable(),
  /** The sanction given from this report (issue 26): it resolved the report. Absent when none was. */
  sanction: z.object({ id: z.string(), type: z.enum(SANCTION_TYPES) }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

export const SERVICE_STATES = ['up', 'down'] as const;
/** GET /api/health (gateway). `database`/`redis` are "up" only when every service reaches them. */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.object({
    auth: z.enum(SERVICE_STATES),
    items: z.enum(SERVICE_STATES),
    messaging: z.enum(SERVICE_STATES),
    moderation: z.enum(SERVICE_STATES),
  }),
  database: z.enum(SERVICE_STATES),
  redis: z.enum(SERVICE_STATES),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /healthz of one service. */
export const ServiceHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  service: z.string(),
  mongo: z.enum(SERVICE_STATES),
  redis: z.enum(SERVICE_STATES),
});
export type ServiceHealth = z.infer<typeof ServiceHealthSchema>;
