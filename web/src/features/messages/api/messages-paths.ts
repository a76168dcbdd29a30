import { withQuery } from '../../../lib/with-query';

/*
 * The messaging reads' paths, written once for their queries (./get-conversations.ts, ./get-messages.ts) and the
 * early reads the small entry starts for a signed-in user (early/early-reads.ts): an early read is only used when
 * its call is exactly the page's. React-free and client-free: the entry imports it.
 */

/** How many messages a page of a thread holds. */
const THREAD_PAGE_SIZE = 30;

/** GET /api/conversations, the page before `before` (none: the newest). */
export const conversationsPath = (before?: string) => withQuery('/api/conversations', { before });

/** GET /api/messages with `withUserId`, the page before `before` (none: the newest). */
export const threadPath = (withUserId: string, before?: string) =>
  withQuery('/api/messages', { with: withUserId, before, limit: THREAD_PAGE_SIZE });
