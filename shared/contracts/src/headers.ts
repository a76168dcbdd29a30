/**
 * Names of the non-standard HTTP headers the gateway, the services and the web app share. Lowercase, as Node keys
 * `req.headers` (header names are case-insensitive on the wire and in `fetch`'s `Headers`).
 */

/** A request's id: kept from the client when well-formed, else made by the gateway; forwarded and echoed. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The cursor of the next page of a list (`GET /api/items`, `GET /api/admin/all-items`); absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** How many items match an admin list's filters, across all its pages. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
