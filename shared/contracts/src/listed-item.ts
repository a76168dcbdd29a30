/**
 * Telling a listing entry's kind, apart from ./responses.ts so that importing it does not bring in zod, whose
 * schemas are built when their module loads (the web app's first screens: issue 25).
 */
import type { Item, ListedItem } from './responses';

/** True when a listing entry is the full item (the viewer may open it). */
export function isFullItem(item: ListedItem): item is Item {
  return 'userId' in item;
}
