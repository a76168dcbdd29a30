import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first commit, true from the next one on: what it renders behind this comes in a transition
 * right after, which React renders in slices that yield to the browser. The first commit — and the paint that waits
 * for it — is that much smaller (issue 25: `/profile`'s item list comes after its cards, whose text is the LCP).
 */
export function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
