/**
 * Keys of what the app keeps in the browser's storage besides the auth token (`lib/auth-token.ts`). Writers
 * and readers live in different features, so the key is defined once here.
 */

/**
 * sessionStorage: the user a "Report User" button was pressed for, as JSON `{id, fullName, username}`
 * ({@link ReportedUserHint}); the report form reads it to pre-fill the reported user.
 */
export const REPORTED_USER_HINT_KEY = 'nomadswap.reportedUser';

export interface ReportedUserHint {
  id: string;
  fullName: string;
  username: string;
}

/**
 * localStorage: `'1'` once the traveller closed the "Install NomadSwap" banner; it is not shown again (the
 * footer's Mobile App section still offers the install).
 */
export const INSTALL_BANNER_DISMISSED_KEY = 'nomadswap.installBannerDismissed';
