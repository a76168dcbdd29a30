/** The app itself, started by main.tsx. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './app/app';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered-home';
import { preloadHome } from './app/router';

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

// With the prerendered home on screen, the first commit must be that page, not the route skeleton: its chunk
// (modulepreloaded by index.html) is loaded first. The commit replaces the markup with the same page.
if (container.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)) void preloadHome().then(render, render);
else render();
