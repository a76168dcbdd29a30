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

/** The blocking script a signed-in rendered page's document runs after the gate: it shows that page to its session. */
export const SESSION_GATE_PATH = '/session-gate.js';
