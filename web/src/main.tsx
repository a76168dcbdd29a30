// Here, not in ./boot: the entry's stylesheet is a <link> of index.html, which the prerendered markup needs.
import './styles/index.css';
import { PRERENDERED_HOME_ATTRIBUTE, ROOT_ID } from '@nomadswap/contracts/early-paint';
import { takePrerendered } from './early/prerendered-home';
import { startEarlyReads } from './early/early-reads';
import { startDeferredPreloads } from './early/early-shell';
import { afterFirstPaint } from './early/after-first-paint';
import { getAuthToken } from './lib/auth-token';

/*
 * The entry is this small module; the app is ./boot (framework, i18n, router), fetched by the dynamic import below
 * together with everything it imports. With a page already rendered on screen (the visitor home prerendered into
 * index.html, or `/browse` rendered by the gateway), nothing of the app is fetched or run before the browser has
 * painted it: script that starts downloading before the first paint competes with the stylesheet on a slow
 * connection (and Lighthouse's simulation counts it all before FCP), and modules already downloaded would run
 * before the first frame and hold the page blank. That page's chunk is fetched alongside the app then, as the
 * app's first render needs it. Without one (other routes, a signed-in user), the app starts at once.
 */
const container = document.getElementById(ROOT_ID);
const rendered = container ? takePrerendered(container) : null;
// A signed-in user's page: its first API reads start now, in parallel with the app's download (early/early-reads.ts).
// On an item page whose skeleton index.html shows (early/early-shell.ts), the app starts once its photo is on screen.
// A page the gateway rendered for this session (`/profile`) brought its data: nothing to read early.
const photo = rendered ? null : startEarlyReads();

// (An item page's chunks are listed by the gateway's HTML, gateway/src/ssr.ts, and fetched with the app: an import
// here would reshuffle the build's chunks and grow the first render of `/`.)
const start = () => {
  void import('./boot');
  // The page's chunks, in a task of their own once the app's download has started: some forty modulepreload links
  // took 151 ms at 4× CPU slowdown to add (a CPU profile of `/profile`), which held the app's request back.
  // (Signed-in pages: a visitor is asked to log in there and never uses them.)
  if (getAuthToken() !== null) setTimeout(startDeferredPreloads, 0);
};

if (rendered && document.visibilityState === 'visible')
  afterFirstPaint(() => {
    // The home's chunk alongside the app. A server-rendered /browse's is fetched by boot.tsx (preloadPage):
    // its page is complete without script, and one more import here would grow the first render of `/`.
    if (rendered.hasAttribute(PRERENDERED_HOME_ATTRIBUTE)) void import('./routes/home');
    start();
  });
else if (photo) void photo.then(start);
else start();

// The service worker is registered by the shell's update prompt (features/pwa/components/service-worker-update.tsx).
