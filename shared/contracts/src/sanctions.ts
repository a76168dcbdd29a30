import { z } from 'zod';
import { IdSchema } from './common';
import { MSG } from './messages';

/**
 * Sanctions the community rules promise (issue 26): a warning, a restriction (may browse and read; may not list,
 * message or request swaps) or a suspension (may not sign in). Auth owns them; the other services keep a copy of
 * the current one through the user's state and events.
 */
export const SANCTION_TYPES = ['warn', 'restrict', 'suspend'] as const;
export type SanctionType = (typeof SANCTION_TYPES)[number];

/** The sanctions that last (a warning is a one-off notice). */
export const LASTING_SANCTION_TYPES = ['restrict', 'suspend'] as const;
export type LastingSanctionType = (typeof LASTING_SANCTION_TYPES)[number];

export const SANCTION_LIMITS = { daysMin: 1, daysMax: 365, reasonMin: 5, reasonMax: 1000 } as const;

/**
 * POST /api/admin/users/:id/sanctions. `days` absent: for good; a warning takes none. `reportId`: the report this
 * sanction answers (the report is then resolved and records it).
 */
export const SanctionCreateSchema = z
  .object({
    type: z.enum(SANCTION_TYPES, { error: MSG.sanctionTypeInvalid }),
    days: z
      .number({ error: MSG.sanctionDaysInvalid })
      .int({ error: MSG.sanctionDaysInvalid })
      .min(SANCTION_LIMITS.daysMin, { error: MSG.sanctionDaysInvalid })
      .max(SANCTION_LIMITS.daysMax, { error: MSG.sanctionDaysInvalid })
      .optional(),
    reason: z
      .string({ error: MSG.sanctionReasonRequired })
      .trim()
      .min(SANCTION_LIMITS.reasonMin, { error: MSG.sanctionReasonRequired })
      .max(SANCTION_LIMITS.reasonMax, { error: MSG.sanctionReasonMax }),
    reportId: IdSchema.optional(),
  })
  .refine((input) => input.type !== 'warn' || input.days === undefined, {
    error: MSG.sanctionWarnNoDays,
    path: ['days'],
  });
export type SanctionCreateInput = z.infer<typeof SanctionCreateSchema>;

const PersonSchema = z.object({ id: z.string(), username: z.string(), fullName: z.string() });

/** One sanction of the history (GET /api/admin/users/:id/sanctions, newest first). */
export const SanctionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.enum(SANCTION_TYPES),
  reason: z.string(),
  /** null: for good (and always for a warning). */
  days: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** The admin who decided it; null when their account is gone. */
  admin: PersonSchema.nullable(),
  liftedAt: z.string().nullable(),
  liftedBy: PersonSchema.nullable(),
  reportId: z.string().nullable(),
  /** A restriction or suspension in force now (not lifted, not ended). */
  active: z.boolean(),
});
export type Sanction = z.infer<typeof SanctionSchema>;

/** The restriction or suspension in force, as the user, their sessions and the other services see it. */
export const CurrentSanctionSchema = z.object({
  id: z.string(),
  type: z.enum(LASTING_SANCTION_TYPES),
  reason: z.string(),
  endsAt: z.string().nullable(),
});
export type CurrentSanction = z.infer<typeof CurrentSanctionSchema>;

/** The latest warning, shown to the user once as a banner they dismiss. */
export const WarningNoticeSchema = z.object({ id: z.string(), reason: z.string(), at: z.string() });
export type WarningNotice = z.infer<typeof WarningNoticeSchema>;

/** Whether a lasting sanction is in force at `now` (it ends by itself at `endsAt`; no job needed). */
export function sanctionInForce(
  sanction: { endsAt: string | Date | null } | null | undefined,
  now: Date,
): boolean {
  if (!sanction) return false;
  return sanction.endsAt === null || new Date(sanction.endsAt).getTime() > now.getTime();
}
