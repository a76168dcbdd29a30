// Here, not in ./boot: the entry's stylesheet is a <link> of index.html, which the prerendered markup needs.
import './styles/index.css';
import { takePrerenderedHome } from './app/prerendered-home';

/*
 * The entry is this small module; the app is ./boot (framework, i18n, router), preloaded by index.html. With the
 * prerendered visitor home on screen, the app is started only after the browser has painted it: modules that
 * have already downloaded (a fast connection, a warm cache) would otherwise run before the first frame and hold
 * the page blank while they evaluate and render. Without it (other routes, a signed-in user), it starts at once.
 */
const container = document.getElementById('root');
const start = () => void import('./boot');

if (container && takePrerenderedHome(container) && document.visibilityState === 'visible')
  requestAnimationFrame(() => setTimeout(start, 0));
else start();

// The service worker is registered by the shell's update prompt (features/pwa/components/service-worker-update.tsx).
