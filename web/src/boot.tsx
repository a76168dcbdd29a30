/** The app itself, started by main.tsx. */
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { App } from './app/app';
import { carryTypedSearch } from './early/carry-typed-search';
import {
  PRERENDERED_HOME_ATTRIBUTE,
  PRERENDERED_PAGE_ATTRIBUTE,
  ROOT_ID,
} from '@nomadswap/contracts/early-paint';
import { seedQueryCache } from './early/server-rendered-data';
import { preloadShell } from './app/shell/app-shell';
import { prepareAppRouter, preloadItemPage, preloadPage, preloadSignedInPage } from './app/router';
import { earlyItemId, earlyPage, removeEarlyShell } from './early/early-shell';
import { getAuthToken } from './lib/auth-token';
import { createQueryClient } from './lib/query-client';
import { cn } from './lib/utils';

const container = document.getElementById(ROOT_ID);
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// What main.tsx kept on screen (early/prerendered-home.ts): the build's home, or a page the gateway rendered.
const rendered = container.querySelector(`[${PRERENDERED_HOME_ATTRIBUTE}], [${PRERENDERED_PAGE_ATTRIBUTE}]`);
// A server-rendered page brings its data: the first render uses it instead of asking the API again.
if (rendered?.hasAttribute(PRERENDERED_PAGE_ATTRIBUTE)) seedQueryCache(queryClient);
/*
 * A page the renderer marked (the attribute's value, PRERENDERED_PAGE_HYDRATE: a signed-in `/profile` rendered for
 * this session in this time zone) is hydrated: React adopts the markup on screen instead of building the page
 * again, so its first commit creates no DOM and lays nothing out anew (decision 0100). Its first render must produce
 * that markup exactly (same components, data, language, time zone and session; what a browser reads otherwise goes
 * through a server snapshot, e.g. hooks/use-server-markup.ts); where it does not, React reports a recoverable error
 * and renders the page itself. Every other rendered page is replaced by the first commit: the build's home, a
 * visitor's `/browse` and `/messages` (text typed before the app is carried over).
 */
const hydrated = rendered?.getAttribute(PRERENDERED_PAGE_ATTRIBUTE) ? rendered : null;
// What a visitor typed into its search box before the app came survives the replacement.
if (rendered && !hydrated) carryTypedSearch(container, rendered);

// A transition: React renders the first page in slices that yield to the browser instead of one long task (the
// page is already painted, from the prerendered home or as nothing yet; Lighthouse's TBT counts long tasks).
const render = () =>
  startTransition(() => {
    // No sibling of App: its position would change the useId the server's components got.
    const app = (
      <StrictMode>
        <TakeOver>
          <App queryClient={queryClient} />
        </TakeOver>
      </StrictMode>
    );
    if (!hydrated) return createRoot(container).render(app);
    // Its element is the root (React owns what is in it, not the element). React handles the markup's events from
    // here: the mark emptied tells early/session-gate.js to keep no more taps; the attribute goes in the
    // hydration's commit (TakeOver), and the gate then gives the app a tap it kept before.
    hydrated.setAttribute(PRERENDERED_PAGE_ATTRIBUTE, '');
    hydrateRoot(hydrated, app);
  });

/**
 * React's first commit: index.html's early skeleton (early/early-shell.ts) goes before it is painted, and a hydrated
 * page gives up its attribute, the session gate's sign that the markup is the app's (it then replays a kept tap,
 * onto hydrated elements).
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    removeEarlyShell();
    hydrated?.removeAttribute(PRERENDERED_PAGE_ATTRIBUTE);
  }, []);
  return children;
}

/** How long the first render waits for the early skeleton's page data before showing the route's own skeleton. */
const EARLY_PAGE_WAIT_MS = 4_000;

/** The rest runs in a new task: the browser may paint and handle input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/*
 * One-time set-up that the first render would otherwise do inside one of its slices, each in a task of its own
 * (Lighthouse's TBT counts every task's length over 50 ms at 4× slowdown, not their sum): the router matches the
 * location, tailwind-merge builds its class map on its first call (cn).
 */
async function start() {
  // A signed-in user's messages or profile: the page's chunk and reads go out now, alongside the set-up below.
  const signedInPage =
    getAuthToken() !== null
      ? preloadSignedInPage(queryClient, window.location).catch(() => undefined)
      : Promise.resolve();
  await nextTask(); // not in the task that evaluated the app's modules (i18n's set-up is there)
  prepareAppRouter();
  await nextTask();
  cn('p-0');
  await nextTask();
  // A chosen language other than English: its catalogue chunk is in before the first render (no English flash).
  await i18nReady.catch(() => undefined);
  // With a rendered page on screen (the build's home or the gateway's page), the first commit must be that page,
  // not the route skeleton: its chunk is loaded first. The commit replaces the markup with the same page.
  if (rendered) await preloadPage(window.location.pathname).catch(() => undefined);
  // Hydrated, every lazy part the server rendered must be loaded too (the account menu, …): React.lazy suspends,
  // and a part that suspends stays the server's markup, dead to a tap until its chunk comes (decision 0100).
  if (hydrated) await preloadShell().catch(() => undefined);
  // The same for index.html's early item skeleton: the first commit is the item page with its data, which takes
  // the skeleton's place (same boxes, same photo).
  // So for `/messages` with a conversation open and `/profile`, whose early skeleton takes their chunk and reads.
  const earlyItem = earlyItemId();
  const early =
    earlyItem !== null
      ? preloadItemPage(queryClient, earlyItem).catch(() => undefined)
      : earlyPage() !== null
        ? signedInPage
        : null;
  if (early) await Promise.race([early, new Promise((resolve) => setTimeout(resolve, EARLY_PAGE_WAIT_MS))]);
  render();
}
void start();
