import { z } from 'zod';
import { IdSchema } from './common';
import { MSG } from './messages';
import { EXCHANGE_LIMITS, EXCHANGE_STATUSES } from './exchange-limits';

// The names and limits live apart (no zod there) for the web app's first screens; they stay exported from here.
export * from './exchange-limits';

/**
 * What a person (or the system's timers) can do to an exchange. `request` creates one; `dispute` is "It didn't
 * happen"; `expire`, `auto_complete` and `end_by_block` are taken by the system only.
 */
export const EXCHANGE_ACTIONS = [
  'accept',
  'decline',
  'withdraw',
  'cancel',
  'propose_meetup',
  'accept_meetup',
  'confirm',
  'dispute',
  'no_show',
  'expire',
  'auto_complete',
  'end_by_block',
] as const;
export type ExchangeAction = (typeof EXCHANGE_ACTIONS)[number];

/** POST /api/exchanges — ask the owner for an item, optionally offering up to 3 of one's own available items. */
export const ExchangeRequestSchema = z.strictObject({
  itemId: IdSchema,
  message: z.string().trim().max(EXCHANGE_LIMITS.messageMax, { error: MSG.exchangeMessageMax }).optional(),
  offeredItemIds: z
    .array(IdSchema)
    .max(EXCHANGE_LIMITS.offeredItemsMax, { error: MSG.exchangeOfferedMax })
    .refine((ids) => new Set(ids).size === ids.length, { error: MSG.exchangeOfferedDuplicate })
    .optional(),
});
export type ExchangeRequestInput = z.infer<typeof ExchangeRequestSchema>;

/** POST /api/exchanges/{id}/cancel — either party, once accepted. */
export const ExchangeCancelSchema = z.strictObject({
  reason: z
    .string({ error: MSG.exchangeCancelReasonRequired })
    .trim()
    .min(
      1,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.exchangeCancelReasonRequired },
    )
    .max(EXCHANGE_LIMITS.reasonMax, { error: MSG.exchangeCancelReasonMax }),
});
export type ExchangeCancelInput = z.infer<typeof ExchangeCancelSchema>;

/**
 * PUT /api/exchanges/{id}/meetup — a time (ISO 8601 with an offset or Z; in the future, checked by the server's
 * clock) and a public place. The other party accepts it; a change needs acceptance again.
 */
export const ExchangeMeetupSchema = z.strictObject({
  at: z.iso.datetime({ offset: true, error: MSG.meetupTimeInvalid }),
  place: z
    .string({ error: MSG.meetupPlaceMin })
    .trim()
    .min(
      EXCHANGE_LIMITS.placeMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.meetupPlaceMin },
    )
    .max(EXCHANGE_LIMITS.placeMax, { error: MSG.meetupPlaceMax }),
  note: z.string().trim().max(EXCHANGE_LIMITS.noteMax, { error: MSG.meetupNoteMax }).optional(),
});
export type ExchangeMeetupInput = z.infer<typeof ExchangeMeetupSchema>;

/** GET /api/exchanges — own exchanges; each filter narrows. */
export const ExchangeQuerySchema = z.object({
  userId: IdSchema.optional(),
  itemId: IdSchema.optional(),
  status: z.enum(EXCHANGE_STATUSES).optional(),
});
export type ExchangeQuery = z.infer<typeof ExchangeQuerySchema>;

export const ExchangeMeetupViewSchema = z.object({
  at: z.string(),
  place: z.string(),
  note: z.string().nullable(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  /** Both parties agreed to this time and place (the other accepted it). */
  agreed: z.boolean(),
});
export type ExchangeMeetupView = z.infer<typeof ExchangeMeetupViewSchema>;

/** A swap between a requester and the owner of the requested item (spec section 3's exchange, grown up). */
export const ExchangeSchema = z.object({
  id: z.string(),
  requesterId: z.string(),
  ownerId: z.string(),
  /** The requested item (the owner's); null for a swap confirmed from a chat without naming one. */
  itemId: z.string().nullable(),
  /** The spec's single offered item: the first of `offeredItemIds`, or null. */
  offeredItemId: z.string().nullable(),
  /** The requester's own items offered in return (≤ 3). */
  offeredItemIds: z.array(z.string()),
  status: z.enum(EXCHANGE_STATUSES),
  message: z.string().nullable(),
  /** Who has said the swap happened. Completed when both have. */
  confirmedBy: z.array(z.string()),
  meetup: ExchangeMeetupViewSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Who ended it (null for the system's timers and for completion). */
  endedBy: z.string().nullable(),
  /** Why it was cancelled: the canceller's words, or `blocked`, `did_not_happen`, `item_unavailable`. */
  endReason: z.string().nullable(),
  /** For `no_show`: the party who did not show up. */
  noShowUserId: z.string().nullable(),
});
export type Exchange = z.infer<typeof ExchangeSchema>;

/** Answer of the lifecycle calls: the exchange after the action. */
export const ExchangeActionResponseSchema = z.object({ exchange: ExchangeSchema });
export type ExchangeActionResponse = z.infer<typeof ExchangeActionResponseSchema>;

/**
 * POST /api/exchanges/complete (the chat's Complete Swap). `redirectTo: /review/{otherUserId}` only when the
 * exchange is completed; otherwise it waits for the other person's confirmation.
 */
export const ExchangeCompleteResponseSchema = z.object({
  exchange: ExchangeSchema,
  redirectTo: z.string().optional(),
});
export type ExchangeCompleteResponse = z.infer<typeof ExchangeCompleteResponseSchema>;

/**
 * The data of every `exchange.*` event on the bus: the exchange's state after the transition. `version`
 * increases with every transition, so a consumer can ignore a stale or repeated event.
 */
export const ExchangeEventDataSchema = z.object({
  id: z.string(),
  requesterId: z.string(),
  ownerId: z.string(),
  itemId: z.string().nullable(),
  offeredItemIds: z.array(z.string()).default([]),
  status: z.enum(EXCHANGE_STATUSES).default('completed'),
  acceptedAt: z.string().nullable().default(null),
  completedAt: z.string().nullable(),
  endedAt: z.string().nullable().default(null),
  noShowUserId: z.string().nullable().default(null),
  version: z.number().int().default(0),
});
export type ExchangeEventData = z.infer<typeof ExchangeEventDataSchema>;

/** Payload of the `exchange:updated` socket event, to both parties after every transition. */
export interface ExchangeUpdatedPayload {
  exchange: Exchange;
  action: ExchangeAction | 'request';
  /** Who acted; null for the system's timers. */
  by: string | null;
}

/** Payload of `exchange:item-reserved`: one of the caller's open requests is for an item now reserved for someone else (or free again). */
export interface ExchangeItemReservedPayload {
  itemId: string;
  reserved: boolean;
}
