import type { ErrorBody } from '@nomadswap/contracts/common';
import { clearAuthToken } from './auth-token';

/** What the sign-in page tells a user whose account was suspended (issue 26): the reason and the end. */
export interface SuspensionNotice {
  reason: string;
  endsAt: string | null;
}

const KEY = 'suspensionNotice';
type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; notice: SuspensionNotice | null } = { raw: null, notice: null };

/**
 * Any answer 403 ACCOUNT_SUSPENDED (a request, the socket's handshake): the session ends here — the token is
 * removed, so every page signs out — and the reason is kept for the sign-in page (this tab only).
 */
export function noteSuspension(sanction: ErrorBody['sanction']): void {
  try {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ reason: sanction?.reason ?? '', endsAt: sanction?.endsAt ?? null }),
    );
  } catch {
    // Storage unavailable: the sign-in answer says it again.
  }
  for (const listener of listeners) listener();
  clearAuthToken();
}

export function clearSuspensionNotice(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } finally {
    for (const listener of listeners) listener();
  }
}

/** The notice kept by {@link noteSuspension}, or null (stable between calls, for useSyncExternalStore). */
export function getSuspensionNotice(): SuspensionNotice | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    raw = null;
  }
  if (raw !== cached.raw) {
    let notice: SuspensionNotice | null = null;
    try {
      notice = raw ? (JSON.parse(raw) as SuspensionNotice) : null;
    } catch {
      notice = null;
    }
    cached = { raw, notice };
  }
  return cached.notice;
}

export function subscribeToSuspensionNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
