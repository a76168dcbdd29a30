/* global self */
/*
 * Web push in the service worker (issue 23). Workbox's generated sw.js loads this classic script with
 * importScripts (vite.config.ts, workbox.importScripts). The handlers take the worker's global as an argument so
 * src/features/messages/push-sw.test.ts runs them against a fake one.
 */
(function (scope) {
  var FALLBACK = { title: 'NomadSwap', body: '', url: '/', tag: 'nomadswap' };

  /** The payload messaging sent ({title, body, url, tag}); anything unreadable shows a plain NomadSwap one. */
  function payloadOf(event) {
    try {
      var data = event.data ? event.data.json() : null;
      return data && typeof data.title === 'string' ? data : FALLBACK;
    } catch {
      return FALLBACK;
    }
  }

  /** Only a path on our own origin: a payload can never send the traveller elsewhere. */
  function targetOf(worker, url) {
    var origin = worker.location.origin;
    var target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : origin + '/';
  }

  /** Shows the push; one tag per conversation, so a burst replaces the shown notification instead of piling up. */
  function showPush(worker, event) {
    var payload = payloadOf(event);
    return worker.registration.showNotification(payload.title, {
      body: payload.body || '',
      tag: payload.tag || FALLBACK.tag,
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url || '/' },
    });
  }

  /** Focuses an open NomadSwap tab on the push's url (navigating it there), or opens one. */
  function openFromNotification(worker, event) {
    event.notification.close();
    var target = targetOf(worker, event.notification.data && event.notification.data.url);
    return worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (tabs) {
      var tab = tabs.find(function (client) {
        return new URL(client.url).origin === worker.location.origin;
      });
      if (!tab) return worker.clients.openWindow(target);
      return tab.focus().then(function (focused) {
        var client = focused || tab;
        return client.url === target || !client.navigate ? client : client.navigate(target);
      });
    });
  }

  scope.nomadswapPush = { showPush: showPush, openFromNotification: openFromNotification };
  scope.addEventListener('push', function (event) {
    event.waitUntil(showPush(scope, event));
  });
  scope.addEventListener('notificationclick', function (event) {
    event.waitUntil(openFromNotification(scope, event));
  });
})(self);
