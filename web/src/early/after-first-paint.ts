/**
 * Calls `then` once the browser has put the page's first content on screen: the Paint Timing API's
 * `first-contentful-paint`, which is reported after that frame was presented (at once when it already was). A frame
 * callback is not enough: `requestAnimationFrame` runs before its frame's paint, and a busy or throttled page can
 * present its first paint frames later (Lighthouse's traces showed the app's downloads starting 17–52 ms before
 * it). Where the API is missing, after the next frame; and never later than `fallbackMs`, should no paint be
 * reported.
 */
export function afterFirstPaint(then: () => void, fallbackMs = 1000): void {
  let observer: PerformanceObserver | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    observer?.disconnect();
    then();
  };
  const fallback = setTimeout(run, fallbackMs);
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(run, 0));
  }
}
