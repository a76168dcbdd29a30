/**
 * A signed-in user's page rendered by the gateway (issue 25, decisions/0096): the names the web app, its build and
 * the gateway share for it. Apart from early-paint.ts, whose names the small entry of every page carries: none of
 * these is needed on a visitor's page, so none of them is downloaded there.
 */

/**
 * A copy of the session token in a cookie, sent only with the documents of the signed-in pages the gateway can
 * render (`/profile`, `/messages`): its renderer reads it to ask the API as that user (issue 25). The API never
 * reads it (services take the token from the Authorization header only), so it cannot authorise a write.
 */
export const RENDER_SESSION_COOKIE = 'ns_render';
/** The cookie's paths: one cookie each, so it travels with no script, stylesheet, image or API call. */
export const RENDER_SESSION_PATHS = ['/profile', '/messages'] as const;
/** Set on <html> by the gateway next to PRERENDERED_PATH_ATTRIBUTE: the rendered page is a signed-in user's. */
export const PRERENDERED_SESSION_ATTRIBUTE = 'data-prerendered-session';

/**
 * The window property where the gate keeps the last tap on a control of a signed-in rendered page before the app
 * has taken it over (its place in the markup and what it said); the app replays it on the same control.
 */
export const EARLY_CLICK_PROPERTY = '__nsEarlyClick';

/** The blocking script a signed-in rendered page's document runs after the gate: it shows that page to its session. */
export const SESSION_GATE_PATH = '/session-gate.js';
