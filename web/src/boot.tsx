/** The app itself, started by main.tsx. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './app/app';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered-home';
import { prepareAppRouter, preloadHome } from './app/router';
import { cn } from './lib/utils';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition: React renders the first page in slices that yield to the browser instead of one long task (the
// page is already painted, from the prerendered home or as nothing yet; Lighthouse's TBT counts long tasks).
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

const prerendered = container.querySelector(`[${PRERENDERED_ATTRIBUTE}]`) !== null;

/** The rest runs in a new task: the browser may paint and handle input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/*
 * One-time set-up that the first render would otherwise do inside one of its slices, each in a task of its own
 * (Lighthouse's TBT counts every task's length over 50 ms at 4× slowdown, not their sum): the router matches the
 * location, tailwind-merge builds its class map on its first call (cn).
 */
async function start() {
  await nextTask(); // not in the task that evaluated the app's modules (i18n's set-up is there)
  prepareAppRouter();
  await nextTask();
  cn('p-0');
  await nextTask();
  // With the prerendered home on screen, the first commit must be that page, not the route skeleton: its chunk
  // is loaded first. The commit replaces the markup with the same page.
  if (prerendered) await preloadHome().catch(() => undefined);
  render();
}
void start();
