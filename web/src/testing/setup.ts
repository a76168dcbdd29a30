import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n';
import { dismissToast } from '../hooks/use-toast';
import { resetSockets } from './socket-mock';
// The shell loads these with React.lazy (out of the entry chunk). Importing them here once means a test's
// findBy* waits for the page, not for vitest to transform a lazy module the first time it is asked for.
import '../features/auth/components/account-menu';
import '../features/auth/components/language-select';
import '../features/auth/components/profile-language';
// Not messaging-live: it would load the messages API modules before a test file's vi.mock of them could apply.

// No test opens a real Socket.IO connection; tests that need live events drive the fake (socket-mock.ts).
vi.mock('socket.io-client', () => import('./socket-mock'));

// findBy*/waitFor wait this long: rendering a route with its lazy chunks takes seconds on a busy 2-core CI box.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout and pointer APIs Radix relies on.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  dismissToast();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetSockets();
});
