/*
 * Runs right after prerender-gate.js, in the head of a signed-in page the gateway rendered with the render cookie
 * (`/profile`, `/messages`; gateway/src/ssr.ts adds this script to that document only). prerender-gate.js has hidden
 * the markup and chosen the page's early skeleton, as for any signed-in page. Here the markup is shown instead when
 * it is for this page load: on its path, in English (the gate set <html lang>), and for the session stored now — the
 * cookie it was rendered with is written with the stored token (web/src/lib/auth-token.ts), so another value, or no
 * session, is not the one it was rendered for. Its controls need the app: a tap on one before the app has taken over
 * is kept (which control: its tag, text and label, and which of those alike) and, once the app has taken the markup
 * over — React's first commit replaced it, or hydrated it (`/profile`, web/src/boot.tsx: a tap while it hydrates
 * is React's, not kept) — given to the same control of the app's page; what was typed into a text field goes
 * to the same field there. A page rendered in a time zone (`/messages`: the chat's times are local) is shown only
 * where the browser's zone is that one, with its chat history at the newest message.
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
  // A page rendered in a time zone (its dates are local) is shown only in that zone: the phone may have moved.
  var zone = root.getAttribute(names.zoneAttribute);
  var here = null;
  try {
    // Temporal answers in a few ms; Intl's first DateTimeFormat loads its locale data first (60–90 ms at 4× CPU
    // slowdown, before the page's first paint). The app's cookie writer asks the same way
    // (lib/render-session-cookie.ts); both name the system's zone alike (its primary identifier), and were an old
    // cookie's name ever to differ, the page's usual skeleton is shown until the app writes it again.
    here = window.Temporal
      ? window.Temporal.Now.timeZoneId()
      : window.Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // neither: not the zone it was rendered in
  }
  if (
    !token ||
    cookie !== token ||
    location.pathname !== root.getAttribute(names.sessionAttribute) ||
    root.lang !== names.defaultLanguage ||
    (zone !== null && zone !== here)
  )
    return;
  root.classList.remove(
    names.skipClass,
    names.earlyItemClass,
    names.earlyMessagesClass,
    names.earlyProfileClass,
  );
  var kept = null;
  // Marked for hydration by the renderer, and the app has begun it (the mark emptied).
  var hydratable = false;
  function hydrating(markup) {
    return hydratable && markup.getAttribute(names.pageAttribute) !== names.hydrateMark;
  }
  // What a control is: its tag, its text and its label (an icon button has only the label).
  function identity(control) {
    return control.tagName + '\n' + control.textContent + '\n' + control.getAttribute('aria-label');
  }
  document.addEventListener(
    'click',
    function (event) {
      var markup = document.querySelector('[' + names.pageAttribute + ']');
      var control = event.target && event.target.closest ? event.target.closest(names.controls) : null;
      // Once the app has taken over, a tap of the user's own replaces the kept one.
      if (!markup && event.isTrusted) kept = null;
      if (!markup || !control || !markup.contains(control)) return;
      // A page being hydrated is React's already (boot.tsx empties the attribute as it calls hydrateRoot): React
      // hydrates what the tap lands on at once and handles it; kept as well, it would be given twice.
      if (hydrating(markup)) return;
      event.preventDefault();
      // Which of the markup's controls alike it is (the app's page has the same controls in the same order, though
      // not always the same elements around them).
      var nth = 0;
      var all = markup.querySelectorAll(names.controls);
      for (var k = 0; k < all.length && all[k] !== control; k++)
        if (identity(all[k]) === identity(control)) nth++;
      kept = { identity: identity(control), nth: nth };
    },
    true,
  );
  // The same control of the app's page gets the tap once the app has taken the markup over (replaced it, or
  // hydrated it: then the control is the same element, the app's now): the whole press and release, as a mouse gives it (Radix's menus open on the press, its tabs on mousedown, buttons and
  // checkboxes on the click). A control the app loads a moment later (the header's account menu) is waited for,
  // for up to 3 s; none when the app's page has no such control by then.
  function replay(container, tries) {
    if (!kept) return;
    var same = [];
    var all = container.querySelectorAll(names.controls);
    for (var k = 0; k < all.length; k++) if (identity(all[k]) === kept.identity) same.push(all[k]);
    var node = same[kept.nth];
    if (!node) {
      if (tries > 0) setTimeout(replay, 100, container, tries - 1);
      else kept = null;
      return;
    }
    kept = null;
    node.focus();
    var types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup'];
    for (var t = 0; t < types.length; t++) {
      var Type = types[t].charAt(0) === 'p' && window.PointerEvent ? window.PointerEvent : window.MouseEvent;
      node.dispatchEvent(
        new Type(types[t], {
          bubbles: true,
          cancelable: true,
          composed: true,
          button: 0,
          buttons: t < 2 ? 1 : 0,
          pointerType: 'mouse',
          isPrimary: true,
          pointerId: 1,
        }),
      );
    }
    node.click();
  }
  // What was typed into the markup's text fields (the chat's message box) goes to the same field of the app's page,
  // with the focus and the caret when it had them: the app's commit replaces the field, which would drop all three.
  // (A hydrated page, `/profile`, has no text field before the app: React would not see text typed there.)
  var focused = null;
  document.addEventListener('focusin', function (event) {
    if (event.target && event.target.matches && event.target.matches(names.textFields))
      focused = event.target;
  });
  document.addEventListener('focusout', function (event) {
    var field = event.target;
    // The blur its removal causes is not the user leaving it.
    setTimeout(function () {
      if (field === focused && field.isConnected) focused = null;
    }, 0);
  });
  function fieldIdentity(field) {
    return field.tagName + '\n' + field.getAttribute('aria-label') + '\n' + field.getAttribute('name');
  }
  function carry(container, fields, tries) {
    var left = [];
    for (var f = 0; f < fields.length; f++) {
      var before = fields[f];
      var after = null;
      var all = container.querySelectorAll(names.textFields);
      for (var k = 0; k < all.length && !after; k++)
        if (fieldIdentity(all[k]) === fieldIdentity(before)) after = all[k];
      if (!after) {
        left.push(before);
        continue;
      }
      if (before.value !== after.value) {
        // As typing sets it: React ignores a plain `.value =` (its own setter is on the element).
        var proto = Object.getPrototypeOf(after);
        Object.getOwnPropertyDescriptor(proto, 'value').set.call(after, before.value);
        after.dispatchEvent(new window.Event('input', { bubbles: true }));
      }
      if (before === focused) {
        focused = null;
        after.focus();
        after.setSelectionRange(before.selectionStart, before.selectionEnd);
      }
    }
    if (left.length && tries > 0) setTimeout(carry, 100, container, left, tries - 1);
  }
  function watch() {
    var container = document.getElementById(names.rootId);
    if (!container || !window.MutationObserver) return;
    var markup = container.querySelector('[' + names.pageAttribute + ']');
    hydratable = Boolean(markup) && markup.getAttribute(names.pageAttribute) === names.hydrateMark;
    var fields = markup ? markup.querySelectorAll(names.textFields) : [];
    // The markup leaves (replaced) or loses its attribute (hydrated: in the hydration's commit).
    var observer = new window.MutationObserver(function () {
      if (container.querySelector('[' + names.pageAttribute + ']')) return;
      observer.disconnect();
      var typed = [];
      for (var f = 0; f < fields.length; f++)
        if (fields[f].value !== fields[f].defaultValue || fields[f] === focused) typed.push(fields[f]);
      if (typed.length) carry(container, typed, 30);
      if (kept) setTimeout(replay, 0, container, 30);
    });
    observer.observe(container, { childList: true });
    if (markup) observer.observe(markup, { attributes: true, attributeFilter: [names.pageAttribute] });
  }
  // A chat's history opens at its newest message: the app scrolls it there when it renders it, so the markup's is
  // kept there while the document is parsed, before each frame (the browser paints as it parses) and once after.
  function pinLogs() {
    var logs = document.querySelectorAll('[' + names.pageAttribute + '] [role=log]');
    for (var l = 0; l < logs.length; l++) logs[l].scrollTop = logs[l].scrollHeight;
  }
  function pinWhileParsing() {
    pinLogs();
    if (document.readyState === 'loading' && window.requestAnimationFrame)
      window.requestAnimationFrame(pinWhileParsing);
  }
  if (window.requestAnimationFrame) window.requestAnimationFrame(pinWhileParsing);
  // The app runs after the document is parsed (#root is not there yet while this runs in the head).
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', function () {
      pinLogs();
      watch();
    });
  else watch();
})(EARLY_PAINT_NAMES);
