import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/utils';

/**
 * Renders `children` only once its place comes within `margin` of the viewport — for controls far below the fold
 * whose code is a chunk of its own (the footer's language switcher), so a page's load does not download them at
 * all; scrolling, a keyboard user tabbing there or an anchor brings them. Where IntersectionObserver is missing
 * they render at once. Until then a placeholder of `className` holds their place; a server render is the placeholder.
 */
export function WhenNearViewport({
  children,
  className,
  margin = '400px',
}: {
  children: ReactNode;
  className: string;
  margin?: string;
}) {
  // The server renders the placeholder too (a browser's first render, hydrating it, must be the same markup).
  const [near, setNear] = useState(
    () => typeof IntersectionObserver !== 'function' && typeof window !== 'undefined',
  );
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !placeholder.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near) return <>{children}</>;
  return <div ref={placeholder} className={cn(className)} data-testid="near-viewport-placeholder" />;
}
