import { z } from 'zod';
import { MSG } from './messages';
import { IdSchema, requiredText } from './common';
import {
  ADMIN_ACTIONS,
  ADMIN_TARGET_TYPES,
  CONTACT_CATEGORY_VALUES,
  LIMITS,
  REPORT_STATUSES,
  REPORT_TYPES,
  REPORT_URGENCIES,
  LANGUAGES,
} from './enums';

export const ReviewCreateSchema = z.object({
  rating: z.coerce
    .number({ error: MSG.ratingRequired })
    .int(
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.ratingRequired },
    )
    .min(
      LIMITS.ratingMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.ratingRequired },
    )
    .max(
      LIMITS.ratingMax,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.ratingRequired },
    ),
  comment: requiredText(MSG.commentRequired, LIMITS.reviewCommentMax, MSG.commentMax),
  revieweeId: IdSchema,
  exchangeId: IdSchema.optional(),
});
export type ReviewCreateInput = z.infer<typeof ReviewCreateSchema>;

export const ContactSchema = z.object({
  name: requiredText(MSG.nameRequired, 100),
  email: z
    .string({ error: MSG.invalidEmail })
    .trim()
    .pipe(
      z.email(
        // Stryker disable next-line ObjectLiteral: equivalent while zod's own text for a malformed address is this one
        { error: MSG.invalidEmail },
      ),
    ),
  subject: requiredText(MSG.subjectRequired, 200),
  category: z.enum(CONTACT_CATEGORY_VALUES, { error: MSG.contactCategoryRequired }),
  message: z
    .string({ error: MSG.contactMessageMin })
    .trim()
    .min(
      LIMITS.contactMessageMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.contactMessageMin },
    )
    .max(5000, { error: MSG.contactMessageMax }),
  /**
   * The language the sender reads the app in (the web form sends i18next's, issue 23): the acknowledgement is
   * written in it. Left out: a signed-in sender's profile language, else the request's Accept-Language, else
   * English.
   */
  language: z.enum(LANGUAGES, { error: MSG.invalidInput }).optional(),
});
export type ContactInput = z.infer<typeof ContactSchema>;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

export const ReportCreateSchema = z.object({
  type: z.enum(REPORT_TYPES, { error: MSG.reportTypeRequired }),
  urgency: z.enum(REPORT_URGENCIES, { error: MSG.urgencyRequired }),
  subject: z
    .string({ error: MSG.reportSubjectMin })
    .trim()
    .min(
      LIMITS.reportSubjectMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.reportSubjectMin },
    )
    .max(200, { error: MSG.reportSubjectMax }),
  description: z
    .string({ error: MSG.reportDescriptionMin })
    .trim()
    .min(
      LIMITS.reportDescriptionMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.reportDescriptionMin },
    )
    .max(5000, { error: MSG.reportDescriptionMax }),
  relatedUser: optionalText,
  relatedItem: optionalText,
  contactEmail: z
    .union([z.literal(''), z.email({ error: MSG.validEmailRequired })])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ReportCreateInput = z.infer<typeof ReportCreateSchema>;

export const ReportUpdateSchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: MSG.reportStatusInvalid }),
  adminNotes: z.string().trim().max(2000).optional(),
});
export type ReportUpdateInput = z.infer<typeof ReportUpdateSchema>;

/** Page sizes of the moderation lists (`?page=&limit=`, total across pages in `X-Total-Count`). */
export const MODERATION_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(MODERATION_PAGE.maxLimit).optional(),
};

/**
 * GET /api/reports (admin) — filters are optional; the answer is an array of `Report`, most urgent first and
 * newest first within one urgency, one page at a time, with the number of matching reports in `X-Total-Count`.
 */
export const ReportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).optional(),
  type: z.enum(REPORT_TYPES).optional(),
  urgency: z.enum(REPORT_URGENCIES).optional(),
  ...pageQuery,
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;

/** GET /api/admin/contact-messages (admin) — newest first, paged, total in `X-Total-Count`. */
export const ContactListQuerySchema = z.object({ ...pageQuery });
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

/** GET /api/admin/audit-log (admin) — newest first, paged, total in `X-Total-Count`; filters are optional. */
export const AuditLogQuerySchema = z.object({
  action: z.enum(ADMIN_ACTIONS).optional(),
  targetType: z.enum(ADMIN_TARGET_TYPES).optional(),
  targetId: z.string().trim().min(1).max(64).optional(),
  actorId: IdSchema.optional(),
  ...pageQuery,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

/** Moderation's own error texts (the spec's are in MSG). */
export const MODERATION_MSG = {
  cannotReviewSelf: 'You cannot review yourself',
  reviewAlreadyExists: 'You have already reviewed this exchange',
  reviewNotFound: 'Review not found',
  reportNotFound: 'Report not found',
  reportClosed: 'A resolved or dismissed report can only be reopened',
} as const;
