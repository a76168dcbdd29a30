import { z } from 'zod';
import { requiredText } from './common';
import { CATEGORIES } from './enums';
import { MSG } from './messages';
import { PlaceIdSchema } from './places';

const HOUR = 3_600_000;

/**
 * City alerts (issue 22): a user asks to hear about new listings in a city (and optionally one category); the
 * items service announces each matching item once, in at most one digest a day per alert.
 */
export const ALERT_LIMITS = {
  /** Alerts one user may keep; one more is refused (409 ALERT_LIMIT) until one is deleted. */
  perUser: 10,
  /** At most one digest per alert in this window. */
  digestIntervalMs: 24 * HOUR,
  /** Titles one digest lists by name; the rest are counted ("and 4 more"). */
  titlesPerDigest: 10,
  locationMax: 120,
} as const;

/**
 * POST /api/alerts: the city as a picked place (`placeId`) or as text matched with the gazetteer ('Lisboa' →
 * Lisbon; a text naming no city is refused with 400 UNKNOWN_PLACE), and optionally one category.
 */
export const AlertCreateSchema = z.strictObject({
  location: requiredText(MSG.locationRequired, ALERT_LIMITS.locationMax),
  placeId: PlaceIdSchema.optional(),
  category: z.enum(CATEGORIES, { error: MSG.categoryRequired }).nullable().optional(),
});
export type AlertCreateInput = z.infer<typeof AlertCreateSchema>;

/** An alert as its owner sees it (GET /api/alerts, POST's answer). The unsubscribe token is only in e-mails. */
export const AlertSchema = z.object({
  id: z.string(),
  placeId: z.string(),
  /** The place's label ('Lisbon, Portugal'). */
  location: z.string(),
  category: z.enum(CATEGORIES).nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertListSchema = z.array(AlertSchema);

/** The token of an alert's "stop" link: 32 url-safe characters (24 random bytes). */
export const AlertTokenSchema = z.string().regex(/^[\w-]{32}$/, { error: MSG.alertLinkInvalid });

/** GET and POST /api/alerts/unsubscribe?token=… (public: the e-mail's one link). */
export const AlertUnsubscribeQuerySchema = z.object({ token: AlertTokenSchema });
export type AlertUnsubscribeQuery = z.infer<typeof AlertUnsubscribeQuerySchema>;

/**
 * GET: what the link would stop (`alert` null when it is stopped already); POST: stops it (`stopped` is true
 * whether this call or an earlier one did).
 */
export const AlertUnsubscribePreviewSchema = z.object({
  alert: z.object({ location: z.string(), category: z.enum(CATEGORIES).nullable() }).nullable(),
});
export type AlertUnsubscribePreview = z.infer<typeof AlertUnsubscribePreviewSchema>;
export const AlertUnsubscribeResultSchema = z.object({ stopped: z.literal(true) });
export type AlertUnsubscribeResult = z.infer<typeof AlertUnsubscribeResultSchema>;
