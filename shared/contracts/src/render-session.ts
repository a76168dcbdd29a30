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
/**
 * The browser's time zone (its IANA name), written by the web app beside the session's copy on the same paths: the
 * renderer formats the page's dates in it (the chat's clock times and day separators are local). Not a secret.
 */
export const RENDER_ZONE_COOKIE = 'ns_zone';
/**
 * Set on <html> by the gateway on a signed-in page rendered in a time zone (the cookie's): session-gate.js shows
 * the page only where the browser's zone is that one (a traveller who changed zones gets the page's usual document).
 */
export const PRERENDERED_ZONE_ATTRIBUTE = 'data-prerendered-zone';

/**
 * Set on <html> by the gateway, instead of PRERENDERED_PATH_ATTRIBUTE, on a signed-in user's rendered page: the
 * path it is for. prerender-gate.js, which reads only the other, hides it; session-gate.js shows it.
 */
export const PRERENDERED_SESSION_ATTRIBUTE = 'data-prerendered-session';

/**
 * The controls of such a page whose tap before the app has taken over is kept by session-gate.js and given to the
 * app's page (a link navigates without the app).
 */
export const EARLY_CONTROLS =
  'button,input,select,textarea,label,summary,[role=tab],[role=checkbox],[role=switch]';

/** The text fields of such a page whose typed text, focus and caret session-gate.js gives to the app's page. */
export const EARLY_TEXT_FIELDS = 'textarea,input[type=text],input[type=search]';

/** The blocking script a signed-in rendered page's document runs after the gate: it shows that page to its session. */
export const SESSION_GATE_PATH = '/session-gate.js';
