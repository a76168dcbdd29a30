import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import './i18n';
import './styles/index.css';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The worker at /sw.js updates itself in the background (registerType autoUpdate); in development the
// plugin leaves it out, so this is a no-op there. It registers after the page's load event: its precache
// (the whole built app) would otherwise compete with the first render for a phone's bandwidth.
registerSW();
