import { z } from 'zod';
import { MSG } from './messages';

/**
 * A MongoDB ObjectId as 24 hex characters: every id in the API is a string. Upper case is accepted and made
 * lower case, the one form every service compares, stores and keys Redis by (an id compared unchanged would
 * slip past guards such as "not your own account").
 */
export const IdSchema = z
  .string()
  .regex(/^[a-f0-9]{24}$/i, { error: MSG.invalidId })
  .toLowerCase();
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** A base64 image data URL as sent by the web app after client-side resizing. Its bytes are checked server-side. */
export const ImageDataUrlSchema = z
  .string()
  .regex(/^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]+$/i, { error: MSG.invalidFileType });

/** Trimmed non-empty text with the given message when missing or blank, and `maxMessage` when too long. */
export const requiredText = (message: string, max = 5000, maxMessage = `Must be at most ${max} characters`) =>
  z
    .string({ error: message })
    .trim()
    .min(
      1,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: message },
    )
    .max(max, { error: maxMessage });

/** The one error body every service and the gateway answer with (design.md, "API conventions"). */
export const ErrorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** On a 5xx: the request's id, under which the log holds the details. */
  requestId: z.string().optional(),
  /**
   * On 403 ACCOUNT_SUSPENDED / ACCOUNT_RESTRICTED (issue 26): what the caller is under, why (suspensions) and until
   * when (`endsAt` null: for good), so the client can say it.
   */
  sanction: z
    .object({
      type: z.enum(['restrict', 'suspend']),
      reason: z.string().optional(),
      endsAt: z.string().nullable(),
    })
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
