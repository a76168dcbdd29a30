/*
 * Runs before the body is parsed (a blocking script in index.html's head; the CSP allows no inline script).
 * #root may hold a page rendered ahead of time (web/src/early/prerendered-home.ts): the visitor home of "/"
 * prerendered at build time in index.html, or a visitor page the gateway rendered, whose path it writes into
 * <html data-prerendered-path>. It is right only for a visitor on that path. On any other route (the service
 * worker answers every route with index.html when offline) or with a stored session, <html> gets the class that
 * hides it before the first paint. An item page with a stored session gets the class that shows index.html's
 * static skeleton of that page instead (web/src/early/early-shell.ts), so it paints before the app has run; so do
 * `/messages` with a conversation open (`?user=`) and `/profile`, each with its own frame of the skeleton.
 * The markup is English: hidden too when the page load starts in another language (no flash of English).
 * A signed-in page the gateway rendered names its path in <html data-prerendered-session> instead, so it is hidden
 * here like any markup not for this page load, its early skeleton shown; its document runs session-gate.js next,
 * which shows it instead to the session it was rendered for. (Visitors' pages do not download that one.)
 * The names come from the early-paint contract (shared/contracts/src/early-paint.ts): web/src/early/vite-plugin.ts
 * writes them in at build time.
 */
/* global window, document, location, EARLY_PAINT_NAMES -- the last written in by vite-plugin.ts */
(function (names) {
  var page = document.documentElement.getAttribute(names.pathAttribute) || '/';
  var skip = location.pathname !== page;
  var session = false;
  var chosen = null;
  try {
    session = Boolean(window.localStorage.getItem(names.tokenKey));
    chosen = window.localStorage.getItem(names.languageKey);
  } catch {
    // Storage blocked: the app cannot read a session either, so this is a visitor.
  }
  // The language the app starts in (web/src/i18n, detectLanguage): the stored choice, else the browser's.
  var asked = [chosen].concat(navigator.languages || [], navigator.language);
  var language = names.defaultLanguage;
  for (var i = 0; i < asked.length; i++) {
    var primary = String(asked[i]).split('-')[0].toLowerCase();
    if (names.languages.indexOf(primary) !== -1) {
      language = primary;
      break;
    }
  }
  document.documentElement.lang = language;
  if (language !== names.defaultLanguage) skip = true;
  if (skip || session) document.documentElement.classList.add(names.skipClass);
  if (!session) return;
  var path = location.pathname;
  var early = null;
  if (new RegExp(names.itemPage).test(path)) early = names.earlyItemClass;
  else if (new RegExp(names.profilePage).test(path)) early = names.earlyProfileClass;
  else if (
    new RegExp(names.messagesPage).test(path) &&
    new URLSearchParams(location.search).get(names.messagesUserParam)
  )
    early = names.earlyMessagesClass;
  if (early) document.documentElement.classList.add(early);
})(EARLY_PAINT_NAMES);
