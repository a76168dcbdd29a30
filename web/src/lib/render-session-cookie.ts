import {
  RENDER_SESSION_COOKIE,
  RENDER_SESSION_PATHS,
  RENDER_ZONE_COOKIE,
} from '@nomadswap/contracts/render-session';

/*
 * The copy of the session token the gateway renders `/profile` and `/messages` with (decisions/0096, 0097), and the
 * browser's time zone beside it: a module of its own, loaded only when a token is stored, set or removed
 * (lib/auth-token.ts) and by those two pages, so a visitor's pages download none of it.
 */

/** How long the cookies are kept: the renderer asks the API with the token, which refuses one past its expiry. */
const RENDER_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Writes cookie `name` with `value` on each of the render paths, or removes it (null). SameSite=Lax: a link from
 * elsewhere to `/profile` renders it too (no other site can read the answer, and the gateway only renders with it);
 * Secure on HTTPS.
 */
function writeCookie(name: string, value: string | null): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    for (const path of RENDER_SESSION_PATHS) {
      document.cookie =
        value === null
          ? `${name}=; Path=${path}; Max-Age=0; SameSite=Lax${secure}`
          : `${name}=${encodeURIComponent(value)}; Path=${path}; ` +
            `Max-Age=${RENDER_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
    }
  } catch {
    // Cookies blocked: the pages are rendered in the browser, as before.
  }
}

/**
 * The browser's time zone (an IANA name), or null when it does not tell. Temporal first, as early/session-gate.js
 * asks: Intl's first DateTimeFormat costs ~60 ms at 4× CPU slowdown (a CPU profile of `/profile`'s start-up).
 */
function browserZone(): string | null {
  try {
    return (
      (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal?.Now.timeZoneId() ??
      (Intl.DateTimeFormat().resolvedOptions().timeZone || null)
    );
  } catch {
    return null;
  }
}

/** Writes the render cookie for `token`, and the time zone's, or removes both (null). */
export function writeRenderSessionCookie(token: string | null): void {
  writeCookie(RENDER_SESSION_COOKIE, token);
  writeCookie(RENDER_ZONE_COOKIE, token === null ? null : browserZone());
}

/**
 * Writes the browser's time zone again: a traveller's phone changes zone between two logins, and the page rendered
 * in the old one is not shown (session-gate.js). The pages the gateway renders call it once shown.
 */
export function rememberRenderZone(): void {
  writeCookie(RENDER_ZONE_COOKIE, browserZone());
}
