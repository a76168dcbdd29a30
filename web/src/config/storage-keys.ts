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
