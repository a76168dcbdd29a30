import {
  PRERENDERED_HOME_ATTRIBUTE,
  PRERENDERED_PAGE_ATTRIBUTE,
  QUERY_STATE_ID,
  SKIP_PRERENDER_CLASS,
} from '@nomadswap/contracts/early-paint';

/*
 * A page can arrive already rendered, so that it paints from the HTML instead of after the app's JavaScript has run:
 * index.html carries the visitor home of `/` prerendered at build time (web/src/early/prerender-home.ts), and the
 * gateway answers a visitor's `/browse` with the page rendered on the server (src/early/entry-server.tsx,
 * gateway/src/ssr.ts) plus React Query's cache as a JSON data block. Only a visitor on that page's path may see it:
 * the service worker answers any route offline with index.html, and a signed-in user's pages are other pages. A
 * signed-in `/profile` the gateway rendered with the session cookie (<html PRERENDERED_SESSION_ATTRIBUTE>, not
 * PRERENDERED_PATH_ATTRIBUTE) is the other way round: only for the session the cookie carried.
 * early/prerender-gate.js (a blocking script in the head: the CSP allows no inline script) adds SKIP_PRERENDER_CLASS
 * to <html> before the body is parsed when the markup is not for this page load, and index.html's inline style then
 * hides it; the app removes it here before its first render. Otherwise the app's first render is the same page, which
 * replaces the markup in one commit — or, for a signed-in `/profile`, hydrates it (boot.tsx).
 */

const MARKUP = `[${PRERENDERED_HOME_ATTRIBUTE}], [${PRERENDERED_PAGE_ATTRIBUTE}]`;

/**
 * The prerendered or server-rendered page in `container` when this page load shows it (React's first render
 * must then be the same page), else null: a hidden one (another route, a stored session) is removed together
 * with its data, so that nothing of it can appear or be used.
 */
export function takePrerendered(container: HTMLElement, doc: Document = document): Element | null {
  const markup = container.querySelector(MARKUP);
  if (!markup) return null;
  if (doc.documentElement.classList.contains(SKIP_PRERENDER_CLASS)) {
    markup.remove();
    doc.getElementById(QUERY_STATE_ID)?.remove();
    return null;
  }
  return markup;
}
