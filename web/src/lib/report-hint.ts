import { REPORTED_USER_HINT_KEY, type ReportedUserHint } from '../config/storage-keys';

/**
 * Leaves the reported user for the report form (Report User on a profile, Report in a chat). Storage can be
 * unavailable (private mode); the report form then starts without the hint.
 */
export function rememberReportedUser(hint: ReportedUserHint): void {
  try {
    window.sessionStorage.setItem(REPORTED_USER_HINT_KEY, JSON.stringify(hint));
  } catch {
    // Nothing to do: the hint is a convenience.
  }
}
