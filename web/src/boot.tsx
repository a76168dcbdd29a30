/** The app itself, started by main.tsx. */
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { App } from './app/app';
import { carryTypedSearch } from './early/carry-typed-search';
import {
  PRERENDERED_HOME_ATTRIBUTE,
  PRERENDERED_PAGE_ATTRIBUTE,
  PRERENDERED_PAGE_HYDRATING,
  PROFILE_PAGE_PATH,
  ROOT_ID,
} from '@nomadswap/contracts/early-paint';
import {
  PRERENDERED_SESSION_ATTRIBUTE,
  PRERENDERED_ZONE_ATTRIBUTE,
} from '@nomadswap/contracts/render-session';
import { seedQueryCache } from './early/server-rendered-data';
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
 * `/profile` as the gateway rendered it for this session is hydrated: React adopts the markup on screen instead of
 * building the page again, so its first commit creates no DOM and lays nothing out anew (decision 0099). Its first
 * render must produce that markup exactly (same components, data, language, time zone and session;
 * hooks/use-server-markup.ts for what differs in a browser); where it does not, React reports a recoverable error
 * and renders the page itself. Every other rendered page is replaced by the first commit: the build's home and a
 * visitor's `/browse` (what a visitor typed into their search box is carried over), and `/messages`, whose message
 * box may hold text typed before the app — React would keep it on screen but not in its state.
 */
const hydrated =
  rendered?.hasAttribute(PRERENDERED_PAGE_ATTRIBUTE) === true &&
  document.documentElement.hasAttribute(PRERENDERED_SESSION_ATTRIBUTE) &&
  // Rendered in this browser's time zone (the gate showed it here): its dates read as the app's will.
  document.documentElement.hasAttribute(PRERENDERED_ZONE_ATTRIBUTE) &&
  PROFILE_PAGE_PATH.test(window.location.pathname)
    ? rendered
    : null;
// What a visitor typed into its search box before the app came survives the replacement.
if (rendered && !hydrated) carryTypedSearch(container, rendered);

// A transition: React renders the first page in slices that yield to the browser instead of one long task (the
// page is already painted, from the prerendered home or as nothing yet; Lighthouse's TBT counts long tasks).
const render = () =>
  startTransition(() => {
    if (hydrated) {
      // React handles the markup's events from here on; early/session-gate.js stops keeping taps for later.
      hydrated.setAttribute(PRERENDERED_PAGE_ATTRIBUTE, PRERENDERED_PAGE_HYDRATING);
      // The markup's element is the root (React owns what is in it, not the element): no sibling of App, whose
      // position would change the useId the server's components got.
      hydrateRoot(
        hydrated,
        <StrictMode>
          <TakeOver>
            <App queryClient={queryClient} />
          </TakeOver>
        </StrictMode>,
      );
      return;
    }
    createRoot(container).render(
      <StrictMode>
        <TakeOver />
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });

/**
 * React's first commit: index.html's early skeleton (early/early-shell.ts) goes before it is painted, and hydrated
 * markup stops being the markup (early/session-gate.js gives a tap or text kept meanwhile to the app's page then).
 */
function TakeOver({ children }: { children?: ReactNode }) {
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
