import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every route change starts at the top of the page (spec section 2). A link to an anchor (`#install-app`)
 * scrolls to that element instead and moves keyboard focus to it. The page the document loaded on is not a route
 * change: its scroll is the browser's (kept on a reload, or already the reader's on a page painted from the HTML
 * before the app — moving it then would pull the page from under a tap).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shown = useRef<string | null>(pathname);

  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
        target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
        target.focus({ preventScroll: true });
        shown.current = null;
        return;
      }
    }
    if (shown.current === pathname) return;
    shown.current = null;
    window.scrollTo(0, 0);
  }, [pathname, hash]);

  return null;
}
