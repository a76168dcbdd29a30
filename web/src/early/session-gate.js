/*
 * Runs right after prerender-gate.js, in the head of a signed-in page the gateway rendered with the render cookie
 * (`/profile`; gateway/src/ssr.ts adds this script to that document only). prerender-gate.js has hidden the
 * markup and chosen the page's early skeleton, as for any signed-in page. Here the markup is shown instead when it
 * is for this page load: on its path, in English (the gate set <html lang>), and for the session stored now — the
 * cookie it was rendered with is written with the stored token (web/src/lib/auth-token.ts), so another value, or
 * no session, is not the one it was rendered for.
 * Its controls need the app: a tap on one before the app has taken over is kept, with what the control says, for
 * the app to replay on the same control (web/src/early/early-click.ts). Once the app has replaced the markup there
 * is nothing left to match.
 * The names come from the early-paint contract (shared/contracts/src/early-paint.ts), written in at build time.
 */
/* global window, document, location, EARLY_PAINT_NAMES -- the last written in by vite-plugin.ts */
(function (names) {
  var root = document.documentElement;
  var token = null;
  var cookie = null;
  try {
    token = window.localStorage.getItem(names.tokenKey);
    var pairs = document.cookie.split(';');
    for (var i = 0; i < pairs.length; i++) {
      var pair = pairs[i].trim();
      if (pair.indexOf(names.sessionCookie + '=') === 0)
        cookie = decodeURIComponent(pair.slice(names.sessionCookie.length + 1));
    }
  } catch {
    return; // storage blocked or a malformed cookie: not this session's page
  }
  if (
    !token ||
    cookie !== token ||
    location.pathname !== root.getAttribute(names.pathAttribute) ||
    root.lang !== names.defaultLanguage
  )
    return;
  root.classList.remove(
    names.skipClass,
    names.earlyItemClass,
    names.earlyMessagesClass,
    names.earlyProfileClass,
  );
  document.addEventListener(
    'click',
    function (event) {
      var markup = document.querySelector('[' + names.pageAttribute + ']');
      var control = event.target && event.target.closest ? event.target.closest(names.controls) : null;
      if (!markup || !control || !markup.contains(control)) return;
      event.preventDefault();
      var path = [];
      for (var node = control; node !== markup; node = node.parentElement)
        path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
      window[names.clickProperty] = { path: path, tag: control.tagName, text: control.textContent };
    },
    true,
  );
})(EARLY_PAINT_NAMES);
