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

/** The reported user left by Report User, if any and well-formed. */
export function readReportedUser(): ReportedUserHint | null {
  try {
    const raw = window.sessionStorage.getItem(REPORTED_USER_HINT_KEY);
    if (!raw) return null;
    const hint = JSON.parse(raw) as Partial<ReportedUserHint> | null;
    if (!hint || typeof hint.id !== 'string' || typeof hint.username !== 'string') return null;
    return {
      id: hint.id,
      fullName: typeof hint.fullName === 'string' ? hint.fullName : '',
      username: hint.username,
    };
  } catch {
    return null;
  }
}
