/**
 * Calls `then` once the browser has put the page's first content on screen: the Paint Timing API's
 * `first-contentful-paint`, which is reported after that frame was presented (at once when it already was). A frame
 * callback is not enough: `requestAnimationFrame` runs before its frame's paint, and a busy or throttled page can
 * present its first paint frames later (Lighthouse's traces showed the app's downloads starting 17–52 ms before
 * it). Where the API is missing, after the next frame; and never later than `fallbackMs`, should no paint be
 * reported.
 */
export function afterFirstPaint(then: () => void, fallbackMs = 1000): void {
  afterEntry('paint', (entry) => entry.name === 'first-contentful-paint', then, fallbackMs);
}

/**
 * Calls `then` once `element` has been painted as the page's largest content so far: its Largest Contentful Paint
 * entry, reported after the frame that showed it (a loaded image may be decoded and painted frames after its
 * `load` event). Where the API is missing, after the next frame; and never later than `fallbackMs` — the browser
 * reports no entry for an element smaller than an earlier one, nor after the user's first input.
 */
export function afterElementPainted(element: Element, then: () => void, fallbackMs = 500): void {
  afterEntry(
    'largest-contentful-paint',
    (entry) => (entry as PerformanceEntry & { element?: Element | null }).element === element,
    then,
    fallbackMs,
  );
}

/** `then` once an entry of `type` that `isIt` is reported (or, without the API, after the next frame). */
function afterEntry(
  type: 'paint' | 'largest-contentful-paint',
  isIt: (entry: PerformanceEntry) => boolean,
  then: () => void,
  fallbackMs: number,
): void {
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
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes(type)) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(isIt)) run();
    });
    observer.observe({ type, buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(run, 0));
  }
}
