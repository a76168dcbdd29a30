/**
 * Limits and names of messaging, apart from ./messaging.ts so that importing them does not bring in zod, whose
 * schemas are built when their module loads (the web app's first screens: issue 25).
 */

/** Longest message a user can send (spec section 5, issue 11). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Page sizes of the messaging lists: default and the most a client may ask for. */
export const MESSAGE_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;
export const CONVERSATION_PAGE = { defaultLimit: 30, maxLimit: 100 } as const;
/** Header carrying the cursor of the next (older) page of a list; absent on the last page (as items does). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
