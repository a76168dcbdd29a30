import { useEffect, useState } from 'react';

/** What counts as the user starting to use the page (not scrolling: a wheel or a pan loads nothing). */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * False until the user first presses, types or moves focus on the page; then true for good. For code that no
 * visitor who only looks needs (issue 25: everything a phone downloads while loading `/` counts against 170
 * KiB), loaded on intent instead of when the browser is idle after load.
 */
export function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const onIntent = () => setInteracted(true);
    for (const type of INTENT_EVENTS)
      window.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
    };
  }, [interacted]);
  return interacted;
}
