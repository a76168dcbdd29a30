/*
 * index.html carries the visitor home of `/` prerendered at build time (web/scripts/prerender-home.ts), so that
 * the hero paints from the HTML instead of after the app's JavaScript has run. Only a visitor on `/` may see it:
 * the gateway and the service worker answer every route with the same file, and a signed-in user's home is
 * another page. public/prerender-gate.js (a blocking script in the head: the CSP allows no inline script) adds
 * SKIP_PRERENDER_CLASS to <html> before the body is parsed when the markup is not for this page load, and
 * index.html's inline style then hides it; the app removes it here before its first render.
 */

/** The attribute of the element that wraps the prerendered markup inside #root. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered-home';
/** Set on <html> by public/prerender-gate.js when the prerendered home is not for this page load. */
export const SKIP_PRERENDER_CLASS = 'ns-skip-prerender';

/**
 * The prerendered home in `container` when this page load shows it (React's first render must then be the same
 * page), else null: a hidden one (another route, a stored session) is removed, so that nothing of it can appear.
 */
export function takePrerenderedHome(container: HTMLElement, doc: Document = document): Element | null {
  const markup = container.querySelector(`[${PRERENDERED_ATTRIBUTE}]`);
  if (!markup) return null;
  if (doc.documentElement.classList.contains(SKIP_PRERENDER_CLASS)) {
    markup.remove();
    return null;
  }
  return markup;
}
