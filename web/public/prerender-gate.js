/*
 * Runs before the body is parsed (a blocking script in index.html's head; the CSP allows no inline script).
 * index.html holds the visitor home prerendered at build time (web/src/app/prerendered-home.ts): it is right only
 * for a visitor on "/". On any other route (the gateway and the service worker answer every route with this HTML)
 * or with a stored session, <html> gets the class that hides it before the first paint.
 */
/* global window, document, location */
(function () {
  var skip = location.pathname !== '/';
  try {
    skip = skip || Boolean(window.localStorage.getItem('authToken'));
  } catch {
    // Storage blocked: the app cannot read a session either, so this is a visitor.
  }
  if (skip) document.documentElement.classList.add('ns-skip-prerender');
})();
