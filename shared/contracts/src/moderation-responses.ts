import { z } from 'zod';
import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES, CONTACT_CATEGORY_VALUES } from './enums';
import { ReviewSchema, UserSummarySchema } from './responses';

/**
 * Responses of the moderation service (issue 12). `Review` and `Report` live in responses.ts (spec section 3);
 * these are the additions. Every list is an array; admin lists carry their total in `X-Total-Count`.
 */

/** GET /api/reviews/{userId}: the reviews a user received, newest first. Reviewer null = deleted user. */
export const ReviewListResponseSchema = z.array(ReviewSchema);
export type ReviewListResponse = z.infer<typeof ReviewListResponseSchema>;

/** The other party of an exchange as moderation knows them (a deleted user is never pending). */
export const ReviewPartySchema = UserSummarySchema.pick({
  id: true,
  fullName: true,
  username: true,
  avatar: true,
});
export type ReviewParty = z.infer<typeof ReviewPartySchema>;

/**
 * One row of GET /api/reviews/pending: a completed exchange of mine that I have not reviewed yet, newest first.
 * Leave a review with `POST /api/reviews {revieweeId: otherUser.id, exchangeId}`.
 */
export const PendingReviewSchema = z.object({
  exchangeId: z.string(),
  completedAt: z.string(),
  otherUser: ReviewPartySchema,
  item: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The other party has reviewed me for this exchange: "{name} reviewed you — leave yours to see it". */
  otherReviewed: z.boolean(),
});
export type PendingReview = z.infer<typeof PendingReviewSchema>;
export const PendingReviewListResponseSchema = z.array(PendingReviewSchema);

/** DELETE /api/admin/reviews/{id} */
export const ReviewDeleteResponseSchema = z.object({ message: z.string(), id: z.string() });
export type ReviewDeleteResponse = z.infer<typeof ReviewDeleteResponseSchema>;

/** POST /api/contact answers the stored message (201); GET /api/admin/contact-messages lists them. */
export const ContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(CONTACT_CATEGORY_VALUES),
  message: z.string(),
  /** The signed-in sender, if any. */
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export const ContactMessageListResponseSchema = z.array(ContactMessageSchema);

/** One entry of GET /api/admin/audit-log (newest first). `actor` null when the admin's account is gone. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actor: z.object({ id: z.string(), fullName: z.string(), username: z.string() }).nullable(),
  action: z.enum(ADMIN_ACTIONS),
  /** `name` (a user's full name, a listing's title, a report's subject) and a user's `username`, when known. */
  target: z.object({
    type: z.enum(ADMIN_TARGET_TYPES),
    id: z.string(),
    name: z.string().optional(),
    username: z.string().optional(),
  }),
  at: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogResponseSchema = z.array(AuditEntrySchema);
