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
/** Set on <html> by the gateway: the path its rendered page is for (the gate compares it; `/` without it). */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';
/** The `<script type="application/json">` with a rendered page's React Query cache. */
export const QUERY_STATE_ID = 'ns-query-state';
/** Set on <html> by the gate when the markup rendered ahead of time is not for this page load. */
export const SKIP_PRERENDER_CLASS = 'ns-skip-prerender';

/** Set on <html> by the gate: index.html's early item skeleton is shown. */
export const EARLY_ITEM_CLASS = 'ns-early-item';
/** index.html's item skeleton, outside #root (the app removes it at its first commit). */
export const EARLY_SHELL_ID = 'ns-early-shell';
/** The skeleton's gallery box: the item's photo goes in there. */
export const EARLY_GALLERY_ATTRIBUTE = 'data-early-gallery';
/** The item page's chunks, listed by the gateway as inert links the entry turns into modulepreloads. */
export const DEFERRED_MODULEPRELOAD_ATTRIBUTE = 'data-modulepreload';
