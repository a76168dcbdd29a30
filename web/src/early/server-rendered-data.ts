import { hydrate, type QueryClient } from '@tanstack/react-query';
import { QUERY_STATE_ID } from '@nomadswap/contracts/early-paint';

// Apart from ./prerendered-home, which the small entry (main.tsx) imports: this needs React Query, which must not
// join the entry's chunk.

/**
 * Puts the server-rendered page's data into `queryClient` (the page then renders with it, without asking the API
 * again). Only when that page is on screen, i.e. after takePrerendered kept it. Returns whether there was any.
 */
export function seedQueryCache(queryClient: QueryClient, doc: Document = document): boolean {
  const block = doc.getElementById(QUERY_STATE_ID);
  if (!block?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(block.textContent));
    return true;
  } catch {
    // Unreadable data: the page asks the API as usual (its first render shows the loading state instead).
    return false;
  } finally {
    block.remove();
  }
}
