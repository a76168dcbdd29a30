import { z } from 'zod';
import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES, LANGUAGES, ROLES, SAFETY_WARNINGS } from './enums';
import { ExchangeEventDataSchema } from './exchanges';
import { MessagingSettingsSchema } from './messaging';
import { StaySchema } from './stays';
import { LASTING_SANCTION_TYPES, SANCTION_TYPES } from './sanctions';

/**
 * Domain events on the Redis Streams bus (design.md, "Events"). Each event is an envelope
 * `{id, type, occurredAt, data}`; `data` is validated against the schema of its type on publish and on receipt.
 */
export const UserEventDataSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  location: z.string(),
  /** The city `location` names (issue 22); optional so older publishers stay valid. */
  placeId: z.string().nullable().optional(),
  rating: z.number(),
  reviewCount: z.number(),
  isApproved: z.boolean(),
  role: z.enum(ROLES),
  /**
   * The user's e-mail, for services that mail them (messaging's offline nudge). Internal to the bus: no service
   * shows it to anyone but the user and admins. Optional so older publishers stay valid.
   */
  email: z.string().optional(),
  /** The user's stay as the public profile shows it (issue 22); optional so older publishers stay valid. */
  stay: StaySchema.nullable().optional(),
  /** Travelling mode (issue 22): items pauses the user's listings; optional so older publishers stay valid. */
  inTransit: z.boolean().optional(),
  /** The user's chosen language, for the texts services send them (issue 23); optional so older publishers stay valid. */
  language: z.enum(LANGUAGES).nullable().optional(),
  /** Monotonic per user; consumers ignore an event older than what they stored. */
  version: z.number().int(),
});
export type UserEventData = z.infer<typeof UserEventDataSchema>;

export const ItemEventDataSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  isSwapped: z.boolean(),
  version: z.number().int(),
});
export type ItemEventData = z.infer<typeof ItemEventDataSchema>;

/**
 * An admin changed something (issue 12, audit log). Published by the service that owns the change, after the
 * change is stored; moderation keeps it forever. `id` is made by the publisher (ObjectId hex or uuid) and makes a
 * redelivered or re-published event a no-op. `before`/`after` carry the changed fields where they apply (e.g.
 * `{ reviewCount: 3 }` → `{ reviewCount: 5 }`); never passwords, tokens or e-mail addresses.
 */
export const AdminActionEventDataSchema = z.object({
  id: z.string().min(1).max(64),
  actorId: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target: z.object({ type: z.enum(ADMIN_TARGET_TYPES), id: z.string() }),
  /** When the change happened (ISO 8601). */
  at: z.string(),
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
});
export type AdminActionEventData = z.infer<typeof AdminActionEventDataSchema>;

export const EVENT_SCHEMAS = {
  'user.registered': UserEventDataSchema,
  'user.updated': UserEventDataSchema,
  'user.approved': UserEventDataSchema,
  'user.deleted': z.object({ id: z.string() }),
  'item.created': ItemEventDataSchema,
  'item.updated': ItemEventDataSchema,
  'item.deleted': z.object({ id: z.string(), userId: z.string() }),
  /** The exchange lifecycle (issue 20), each with the exchange's state after the transition. */
  'exchange.requested': ExchangeEventDataSchema,
  /** The owner accepted: the item is reserved for the requester. */
  'exchange.accepted': ExchangeEventDataSchema,
  /** Ended without a swap (declined, withdrawn, cancelled, no_show, expired): a reservation is released. */
  'exchange.ended': ExchangeEventDataSchema,
  /** Both parties confirmed (or one did and 72 h passed): items swapped, counts, reviews open. */
  'exchange.completed': ExchangeEventDataSchema,
  /**
   * A review now counts in the reviewee's rating: published when it is revealed (issue 20: both parties reviewed
   * the exchange, or 14 days passed since it completed), not when it is written.
   */
  'review.created': z.object({
    id: z.string(),
    reviewerId: z.string(),
    revieweeId: z.string(),
    exchangeId: z.string(),
    rating: z.number(),
  }),
  'review.deleted': z.object({
    id: z.string(),
    reviewerId: z.string(),
    revieweeId: z.string(),
    rating: z.number(),
  }),
  'admin.action': AdminActionEventDataSchema,
  /** An admin warned, restricted or suspended a user (issue 26); `endsAt` null: for good (or a warning). */
  'user.sanctioned': z.object({
    id: z.string(),
    userId: z.string(),
    adminId: z.string(),
    type: z.enum(SANCTION_TYPES),
    reason: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    /** The report the sanction answers; moderation resolves it and records the sanction on it. */
    reportId: z.string().nullable(),
  }),
  /** An admin lifted a user's restriction or suspension before its end. */
  'user.sanction-lifted': z.object({
    id: z.string(),
    userId: z.string(),
    adminId: z.string(),
    type: z.enum(LASTING_SANCTION_TYPES),
    liftedAt: z.string(),
  }),
  /**
   * A user changed their messaging and notification settings (issue 23): services that send their own e-mails
   * (items' deadline reminders and city alert digests) keep the switches; `version` grows with every change, so
   * a late event is ignored.
   */
  'messaging.settings-updated': z.object({
    userId: z.string(),
    version: z.number().int().min(1),
    settings: MessagingSettingsSchema,
  }),
  /** A message carried a safety warning for its receiver (issue 26); moderation counts them per sender. */
  'message.flagged': z.object({
    messageId: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    kind: z.enum(SAFETY_WARNINGS),
    content: z.string(),
    createdAt: z.string(),
  }),
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof EVENT_SCHEMAS)[T]>;

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
}

export const EnvelopeSchema = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  occurredAt: z.string(),
  data: z.unknown(),
});
