/**
 * Which service owns which public path (design.md, "Shape"). The gateway proxies by this table; the order
 * matters only where prefixes overlap (`/api/admin/...` is split between services).
 */
export const SERVICES = ['auth', 'items', 'messaging', 'moderation'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface RouteRule {
  /** Path prefix; a rule matches the exact path or anything below it (`prefix/...`). */
  prefix: string;
  service: ServiceName;
}

export const ROUTE_TABLE: readonly RouteRule[] = [
  { prefix: '/api/auth/register', service: 'auth' },
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/users', service: 'auth' },
  { prefix: '/api/admin/pending-users', service: 'auth' },
  { prefix: '/api/admin/all-users', service: 'auth' },
  { prefix: '/api/admin/users', service: 'auth' },
  { prefix: '/api/admin/approve-user', service: 'auth' },
  { prefix: '/api/avatars', service: 'auth' },
  { prefix: '/api/items', service: 'items' },
  { prefix: '/api/images', service: 'items' },
  { prefix: '/api/favorites', service: 'items' },
  { prefix: '/api/places', service: 'items' },
  { prefix: '/api/alerts', service: 'items' },
  { prefix: '/api/admin/all-items', service: 'items' },
  { prefix: '/api/admin/items', service: 'items' },
  { prefix: '/api/messages', service: 'messaging' },
  { prefix: '/api/exchanges', service: 'messaging' },
  { prefix: '/api/conversations', service: 'messaging' },
  { prefix: '/api/messaging', service: 'messaging' },
  { prefix: '/api/blocks', service: 'messaging' },
  { prefix: '/api/push', service: 'messaging' },
  { prefix: '/api/reviews', service: 'moderation' },
  { prefix: '/api/admin/reviews', service: 'moderation' },
  { prefix: '/api/reports', service: 'moderation' },
  { prefix: '/api/contact', service: 'moderation' },
  { prefix: '/api/admin/contact-messages', service: 'moderation' },
  { prefix: '/api/admin/audit-log', service: 'moderation' },
];

/**
 * Body limits in bytes. Every request body is at most `json` (1 MB) but on the upload routes below: `avatar` is
 * one 10 MB photo as a base64 data URL (13.4 MB) plus the rest of the registration form, `images` three of them.
 */
export const BODY_LIMITS = {
  json: 1024 * 1024,
  avatar: 15 * 1024 * 1024,
  images: 45 * 1024 * 1024,
} as const;
export type BodyLimitName = keyof typeof BODY_LIMITS;

export interface UploadRoute {
  method: 'POST' | 'PUT';
  /** Matches a normalised path ({@link normalizeApiPath}). */
  path: RegExp;
  limit: Exclude<BodyLimitName, 'json'>;
}

/**
 * The only routes taking more than `BODY_LIMITS.json`: they carry photos as data URLs (spec section 7). The
 * gateway cuts a body past the route's limit while it streams; the services parse these bodies only after the
 * route's authentication (registration has none: it is the one public upload, one photo).
 */
export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  { method: 'POST', path: /^\/api\/auth\/register$/i, limit: 'avatar' },
  { method: 'POST', path: /^\/api\/users\/[^/]+\/avatar$/i, limit: 'avatar' },
  { method: 'POST', path: /^\/api\/items$/i, limit: 'images' },
  { method: 'PUT', path: /^\/api\/items\/[^/]+$/i, limit: 'images' },
];

/** The body limit (bytes) of a request: an upload route's, else `BODY_LIMITS.json`. `path` normalised. */
export function bodyLimitOf(method: string | undefined, path: string): number {
  const upload = UPLOAD_ROUTES.find((route) => route.method === method && route.path.test(path));
  return BODY_LIMITS[upload?.limit ?? 'json'];
}

/**
 * The form of a path the gateway routes and limits by, and forwards: repeated slashes collapsed and a
 * trailing slash dropped, because the services' express routers treat `/a//b/` like `/a/b` (non-strict
 * routing) and a limit keyed on one spelling must hold for all. Case and percent-encoding are left alone: the
 * route table's prefixes are lower case and matched exactly, and express matches encoded paths undecoded, so
 * another spelling of a limited path is not that path anywhere
 * (docs/decisions/0038-gateway-paths-forwarded-addresses-health-cache-and-csp.md).
 */
export function normalizeApiPath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/** Returns the rule owning `path` (without query string), or undefined. Longest prefix wins. */
export function findRoute(path: string): RouteRule | undefined {
  let best: RouteRule | undefined;
  for (const rule of ROUTE_TABLE) {
    if (path === rule.prefix || path.startsWith(rule.prefix + '/')) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent for this table, whose one nested pair lists the longer prefix first (the test of the real table pins longest-wins)
      if (!best || rule.prefix.length > best.prefix.length) best = rule;
    }
  }
  return best;
}
