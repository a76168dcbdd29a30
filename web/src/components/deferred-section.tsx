import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { onIdle } from '../hooks/use-after-load-idle';
import { cn } from '../lib/utils';

/** How long an idle callback may wait before it renders the section anyway. */
const IDLE_TIMEOUT_MS = 1500;
/** How far outside the viewport the placeholder may be when the section renders at once. */
const NEAR_VIEWPORT = '800px';

interface DeferredSectionProps {
  children: ReactNode;
  /**
   * About the section's height, as classes that set `--deferred-height` (responsive variants welcome): the
   * placeholder's height, and the size the browser assumes while it skips the section's layout off screen, so
   * that the page keeps about its length until the section renders and is laid out.
   */
  className: string;
}

/**
 * Content below the fold, rendered after the page's first commit instead of with it: once the browser is idle
 * (`requestIdleCallback`), or at once when its placeholder comes near the viewport (scrolling, an anchor).
 * The render is a transition, so React does it in slices between the browser's work; the first commit of the
 * page is that much smaller (Lighthouse counts each long main-thread task). Once rendered it stays, and it is
 * then like any content: in the tab order, the accessibility tree and find-in-page. The wrapper has
 * `content-visibility: auto`, so while it is off screen the browser skips its layout and paint.
 */
export function DeferredSection({ children, className }: DeferredSectionProps) {
  const [shown, setShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    const cancelIdle = onIdle(show, IDLE_TIMEOUT_MS);
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function' && placeholder.current) {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) show();
        },
        { rootMargin: `${NEAR_VIEWPORT} 0px` },
      );
      observer.observe(placeholder.current);
    }
    return () => {
      cancelIdle();
      observer?.disconnect();
    };
  }, [shown]);

  if (!shown)
    return (
      <div
        ref={placeholder}
        className={cn('h-(--deferred-height)', className)}
        data-testid="deferred-placeholder"
      />
    );
  return (
    <div
      className={cn(
        '[contain-intrinsic-block-size:auto_var(--deferred-height)] [content-visibility:auto]',
        className,
      )}
    >
      {children}
    </div>
  );
}
