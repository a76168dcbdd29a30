import { z } from 'zod';
import { MSG } from './messages';
import { ImageDataUrlSchema, requiredText } from './common';
import { LANGUAGES, LIMITS } from './enums';
import { PlaceIdSchema } from './places';
import { StayInputSchema } from './stays';

/** Trimmed and lower-cased before the format check (a pasted address often carries a space). */
const email = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(
    z.email(
      // Stryker disable next-line ObjectLiteral: equivalent while zod's own text for a malformed address is this one
      { error: MSG.invalidEmail },
    ),
  );

export const LoginSchema = z.object({
  email,
  // The cap keeps a megabyte "password" from being hashed; no registered password is longer.
  password: z
    .string({ error: MSG.passwordRequired })
    .min(
      1,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.passwordRequired },
    )
    .max(LIMITS.passwordMax, { error: MSG.passwordMax }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The register API payload (spec section 7). */
export const RegisterSchema = z.object({
  fullName: requiredText(MSG.fullNameRequired, 100),
  username: z
    .string({ error: MSG.usernameMin })
    .trim()
    .min(
      LIMITS.usernameMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.usernameMin },
    )
    .max(30, { error: MSG.usernameMax })
    .regex(/^[A-Za-z0-9_.-]+$/, {
      error: MSG.usernameCharacters,
    }),
  email,
  location: requiredText(MSG.locationRequired, 120),
  /** The city picked from the suggestions (issue 22); without it the server matches `location`'s text. */
  placeId: PlaceIdSchema.optional(),
  password: z
    .string({ error: MSG.passwordMin })
    .min(
      LIMITS.passwordMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.passwordMin },
    )
    .max(LIMITS.passwordMax, { error: MSG.passwordMax }),
  bio: z
    .string({ error: MSG.bioMin })
    .trim()
    .min(
      LIMITS.bioMin,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.bioMin },
    )
    .max(1000, { error: MSG.bioMax }),
  avatar: z
    .string({ error: MSG.avatarRequired })
    .min(
      1,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.avatarRequired },
    )
    .pipe(ImageDataUrlSchema),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The register form: the API payload plus fields removed before submission (spec section 5). */
export const RegisterFormSchema = RegisterSchema.extend({
  confirmPassword: z.string(),
  agreeToTerms: z.boolean().refine((v) => v, { error: MSG.agreeToTerms }),
}).refine((v) => v.password === v.confirmPassword, {
  error: MSG.passwordsDontMatch,
  path: ['confirmPassword'],
});
export type RegisterFormInput = z.infer<typeof RegisterFormSchema>;

/** PUT /api/users/:id — only these fields; anything else (role, isApproved, rating…) is refused. */
export const ProfileUpdateSchema = z
  .object({
    fullName: requiredText(MSG.fullNameRequired, 100),
    location: requiredText(MSG.locationRequired, 120),
    placeId: PlaceIdSchema.optional(),
    bio: z.string().trim().max(1000, { error: MSG.bioMax }).optional(),
    /** Where the user is until when, and next (issue 22); null clears it, left out keeps it. */
    stay: StayInputSchema.nullable().optional(),
    /** Travelling mode (issue 22): true pauses all the user's listings until it is set false. */
    inTransit: z.boolean().optional(),
    /** The language the user chose (issue 23); left out, it stays as it was. */
    language: z.enum(LANGUAGES, { error: MSG.invalidInput }).optional(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

export const AvatarUploadSchema = z.object({
  avatar: z
    .string({ error: MSG.avatarRequired })
    .min(
      1,
      // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
      { error: MSG.avatarRequired },
    )
    .pipe(ImageDataUrlSchema),
});
export type AvatarUploadInput = z.infer<typeof AvatarUploadSchema>;

/**
 * PUT /api/admin/users/:userId/swap-count — a whole number ≥ 0. A string is accepted only as decimal digits
 * ('4', ' 12 '): `Number()` would also read '1e3', '0x10', '2.0' and '' as numbers. Anything else (other strings,
 * null, booleans, arrays) is 'Invalid input' rather than being coerced. The field keeps the spec's name, but the
 * number is the user's completed swaps (docs/decisions/0072-the-admin-s-swap-count-is-the-completed-swaps-not.md).
 */
export const SwapCountSchema = z.object({
  reviewCount: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: MSG.invalidInput })
      .int(
        // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
        { error: MSG.invalidInput },
      )
      .min(
        0,
        // Stryker disable next-line ObjectLiteral: equivalent, zod falls back to the schema's same text
        { error: MSG.invalidInput },
      ),
  ),
});
export type SwapCountInput = z.infer<typeof SwapCountSchema>;
