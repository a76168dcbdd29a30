/** Enumerations and business constants shared by the web app and every service (spec sections 3 and 9). */

export const CATEGORIES = [
  'Electronics',
  'Clothing',
  'Books',
  'Travel Gear',
  'Sports',
  'Music',
  'Home & Garden',
  'Art & Crafts',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The filter option meaning "no category filter"; it sends an empty category. */
export const ALL_CATEGORIES = 'All Categories';

/** The seven buttons of the home/browse search bar (All Categories first). */
export const SEARCH_BAR_CATEGORIES = [
  ALL_CATEGORIES,
  'Electronics',
  'Clothing',
  'Books',
  'Travel Gear',
  'Sports',
  'Music',
] as const;

export const CONDITIONS = {
  excellent: 'Excellent - Like new',
  good: 'Good - Minor wear',
  fair: 'Fair - Noticeable wear',
} as const;
export type Condition = keyof typeof CONDITIONS;
export const CONDITION_VALUES = Object.keys(CONDITIONS) as [Condition, ...Condition[]];

export const REPORT_TYPES = [
  'safety',
  'inappropriate',
  'fraud',
  'harassment',
  'user',
  'item',
  'technical',
  'other',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Why a message carries a safety warning for its receiver (issue 26): it asks for money, or moves off NomadSwap early. */
export const SAFETY_WARNINGS = ['payment', 'off_platform'] as const;
export type SafetyWarning = (typeof SAFETY_WARNINGS)[number];

/** Who filed a report: a person, or the chat's safety signal (issue 26: one sender, money or contacts, 3 people in 24 h). */
export const REPORT_SOURCES = ['user', 'safety-signal'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_URGENCIES = ['low', 'medium', 'high', 'critical'] as const;
export type ReportUrgency = (typeof REPORT_URGENCIES)[number];

/** New reports start `open` (design.md: the spec's "pending" default and "open" are one state). */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Sort rank of report urgencies: the admin queue shows the most urgent first. */
export const REPORT_URGENCY_RANK: Record<ReportUrgency, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/**
 * Admin actions the audit log records (`admin.action` events). The owner of each: auth (user.approved,
 * user.deleted, user.swap_count_changed, user.sanctioned, user.sanction_lifted), items (item.deleted), moderation (review.deleted, report.status_changed).
 */
export const ADMIN_ACTIONS = [
  'user.approved',
  'user.deleted',
  'user.swap_count_changed',
  'item.deleted',
  'review.deleted',
  'report.status_changed',
  'user.sanctioned',
  'user.sanction_lifted',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_TARGET_TYPES = ['user', 'item', 'review', 'report'] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];

export const CONTACT_CATEGORIES = {
  general: 'General Inquiry',
  support: 'Technical Support',
  safety: 'Safety & Trust',
  report: 'Report Issue',
  partnership: 'Partnership',
  feedback: 'Feedback',
  /** Appealing a warning, restriction or suspension (issue 26: the rules promise an answer in 3–5 business days). */
  appeal: 'Appeal a moderation decision',
} as const;
export type ContactCategory = keyof typeof CONTACT_CATEGORIES;
export const CONTACT_CATEGORY_VALUES = Object.keys(CONTACT_CATEGORIES) as [
  ContactCategory,
  ...ContactCategory[],
];

export const PRESET_CITIES = [
  { name: 'Bangkok', country: 'Thailand', flag: '🇹🇭' },
  { name: 'Lisbon', country: 'Portugal', flag: '🇵🇹' },
  { name: 'Bali', country: 'Indonesia', flag: '🇮🇩' },
  { name: 'Mexico City', country: 'Mexico', flag: '🇲🇽' },
  { name: 'Ho Chi Minh', country: 'Vietnam', flag: '🇻🇳' },
  { name: 'Barcelona', country: 'Spain', flag: '🇪🇸' },
] as const;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The languages the app, its e-mails and pushes speak (issue 23), as BCP 47 primary tags; English first, the
 * spec's wording and every fallback.
 */
export const LANGUAGES = ['en', 'es', 'pt', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LIMITS = {
  maxPhotosPerItem: 3,
  maxUploadBytes: 10 * 1024 * 1024,
  itemPhoto: { width: 600, height: 450, quality: 0.7 },
  avatar: { width: 400, height: 400, quality: 0.8 },
  usernameMin: 3,
  passwordMin: 6,
  passwordMax: 200,
  bioMin: 10,
  contactMessageMin: 10,
  reportSubjectMin: 5,
  reportDescriptionMin: 20,
  reviewCommentMax: 500,
  ratingMin: 1,
  ratingMax: 5,
  visitorPreviewItems: 6,
  browseSkeletons: 8,
  adminDashboardItems: 8,
  adminDashboardReports: 5,
  healthPollMs: 30_000,
  geolocationTimeoutMs: 10_000,
  geolocationMaxAgeMs: 60_000,
  swapRedirectMs: 1_500,
  unapprovedProfileRedirectMs: 2_000,
  toastDurationMs: 5_000,
  toastSwipeThresholdPx: 50,
  onboardingSteps: 5,
  legalSteps: 6,
} as const;
