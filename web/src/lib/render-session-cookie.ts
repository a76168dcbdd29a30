import { RENDER_SESSION_COOKIE, RENDER_SESSION_PATHS } from '@nomadswap/contracts/render-session';

/*
 * The copy of the session token the gateway renders `/profile` with (decisions/0096): a module of its own, loaded
 * only when a token is stored, set or removed (lib/auth-token.ts), so a visitor's pages download none of it.
 */

/** How long the cookie is kept: the renderer asks the API with it, which refuses a token past its expiry. */
const RENDER_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Writes the render cookie for `token` on each of its paths, or removes it (null). SameSite=Lax: a link from
 * elsewhere to `/profile` renders it too (no other site can read the answer, and the gateway only renders with it);
 * Secure on HTTPS.
 */
export function writeRenderSessionCookie(token: string | null): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    for (const path of RENDER_SESSION_PATHS) {
      document.cookie =
        token === null
          ? `${RENDER_SESSION_COOKIE}=; Path=${path}; Max-Age=0; SameSite=Lax${secure}`
          : `${RENDER_SESSION_COOKIE}=${encodeURIComponent(token)}; Path=${path}; ` +
            `Max-Age=${RENDER_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
    }
  } catch {
    // Cookies blocked: the pages are rendered in the browser, as before.
  }
}
