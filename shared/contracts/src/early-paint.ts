/**
 * Early paint's contract (issue 24): every name that a page's paint before the app has run depends on, written
 * once. The web app's early-paint module (web/src/early/) reads them here, its Vite plugin writes them into the
 * build's prerender-gate.js and index.html (web/src/early/vite-plugin.ts), and the gateway's documents use them
 * (gateway/src/ssr.ts). Here rather than in web/src/early/ because the gateway's image holds shared/contracts but
 * no web source. web/src/early/contract.test.ts checks that no other file spells them out.
 */

/** Where the session token lives (spec section 3): the gate reads it before the first paint. */
export const AUTH_TOKEN_KEY = 'authToken';
/** Where a visitor's language choice lives: the gate reads it to hide English markup for another language. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The item page, `/item/:id` (the id still URL-encoded): the early skeleton's page and the gateway's preloads. */
export const ITEM_PAGE_PATH = /^\/item\/([^/]+)$/;
/** The item page's chunk: its key in the build's Vite manifest (the gateway lists its files for preloading). */
export const ITEM_PAGE_CHUNK = 'src/routes/item.tsx';

/** The app's container in index.html; a page rendered ahead of time goes inside it. */
export const ROOT_ID = 'root';
/** The blocking classic script in index.html's head that decides what paints first (the CSP allows no inline one). */
export const PRERENDER_GATE_PATH = '/prerender-gate.js';

/** The element that wraps the home prerendered at build time inside #root. */
export const PRERENDERED_HOME_ATTRIBUTE = 'data-prerendered-home';
/** The element that wraps a page the gateway rendered inside #root. */
export const PRERENDERED_PAGE_ATTRIBUTE = 'data-prerendered-page';
/**
 * That attribute's value on a page the app hydrates instead of replacing (the renderer says which: a signed-in
 * `/profile` rendered in the browser's time zone). web/src/boot.tsx takes any value for it (no string in the app's
 * first chunk), empties it as it calls hydrateRoot (web/src/early/session-gate.js then keeps no tap: React handles
 * them) and takes the attribute off in the hydration's commit: the wrapper stays, as React's root.
 */
export const PRERENDERED_PAGE_HYDRATE = 'ns-hydrate';
/** Set on <html> by the gateway: the path its rendered page is for (the gate compares it; `/` without it). */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';
/** The `<script type="application/json">` with a rendered page's React Query cache. */
export const QUERY_STATE_ID = 'ns-query-state';
/** Set on <html> by the gate when the markup rendered ahead of time is not for this page load. */
export const SKIP_PRERENDER_CLASS = 'ns-skip-prerender';

/**
 * `/messages` with a conversation open (`?user=`), the page that has an early skeleton: the gate tests the path
 * and the search. (Without `?user=` a phone shows the list, another layout: no skeleton.)
 */
export const MESSAGES_PAGE_PATH = /^\/messages$/;
/** The search parameter that opens a conversation on `/messages` (the other user's id). */
export const MESSAGES_USER_PARAM = 'user';
/** The signed-in user's own profile, `/profile`: it has an early skeleton. */
export const PROFILE_PAGE_PATH = /^\/profile$/;
/**
 * The chunks of `/messages` and of `/profile`, each page's and its first reads' (web/src/app/router.tsx
 * preloadSignedInPage): their keys in the build's Vite manifest (the gateway lists their files for preloading).
 */
export const MESSAGES_PAGE_CHUNKS = ['src/routes/messages.tsx', 'src/routes/messages-prefetch.ts'] as const;
export const PROFILE_PAGE_CHUNKS = ['src/routes/profile.tsx', 'src/routes/profile-prefetch.ts'] as const;

/** Set on <html> by the gate: index.html's early skeleton is shown with the item page's frame. */
export const EARLY_ITEM_CLASS = 'ns-early-item';
/** Set on <html> by the gate: the early skeleton is shown with `/messages`' frame, a conversation open. */
export const EARLY_MESSAGES_CLASS = 'ns-early-messages';
/** Set on <html> by the gate: the early skeleton is shown with `/profile`'s frame. */
export const EARLY_PROFILE_CLASS = 'ns-early-profile';
/** index.html's early skeleton of a signed-in page, outside #root (the app removes it at its first commit). */
export const EARLY_SHELL_ID = 'ns-early-shell';
/** On each page frame inside the early skeleton: the gate's class of that page (only that frame is shown). */
export const EARLY_PAGE_ATTRIBUTE = 'data-early-page';
/** The skeleton's gallery box: the item's photo goes in there. */
export const EARLY_GALLERY_ATTRIBUTE = 'data-early-gallery';
/** The item page's chunks, listed by the gateway as inert links the entry turns into modulepreloads. */
export const DEFERRED_MODULEPRELOAD_ATTRIBUTE = 'data-modulepreload';
