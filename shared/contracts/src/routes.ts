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
  /** Largest accepted request body; image uploads (3 photos as data URLs) need more than JSON. */
  bodyLimit?: 'json' | 'images';
}

export const ROUTE_TABLE: readonly RouteRule[] = [
  { prefix: '/api/auth/register', service: 'auth', bodyLimit: 'images' },
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/users', service: 'auth', bodyLimit: 'images' },
  { prefix: '/api/admin/pending-users', service: 'auth' },
  { prefix: '/api/admin/all-users', service: 'auth' },
  { prefix: '/api/admin/users', service: 'auth' },
  { prefix: '/api/admin/approve-user', service: 'auth' },
  { prefix: '/api/avatars', service: 'auth' },
  { prefix: '/api/items', service: 'items', bodyLimit: 'images' },
  { prefix: '/api/images', service: 'items' },
  { prefix: '/api/favorites', service: 'items' },
  { prefix: '/api/admin/all-items', service: 'items' },
  { prefix: '/api/admin/items', service: 'items' },
  { prefix: '/api/messages', service: 'messaging' },
  { prefix: '/api/exchanges', service: 'messaging' },
  { prefix: '/api/conversations', service: 'messaging' },
  { prefix: '/api/messaging', service: 'messaging' },
  { prefix: '/api/blocks', service: 'messaging' },
  { prefix: '/api/reviews', service: 'moderation' },
  { prefix: '/api/admin/reviews', service: 'moderation' },
  { prefix: '/api/reports', service: 'moderation' },
  { prefix: '/api/contact', service: 'moderation' },
  { prefix: '/api/admin/contact-messages', service: 'moderation' },
  { prefix: '/api/admin/audit-log', service: 'moderation' },
];

/** Body limits in bytes: three 10 MB photos as base64 plus the rest of the form. */
export const BODY_LIMITS = { json: 1024 * 1024, images: 45 * 1024 * 1024 } as const;

/** Returns the rule owning `path` (without query string), or undefined. Longest prefix wins. */
export function findRoute(path: string): RouteRule | undefined {
  let best: RouteRule | undefined;
  for (const rule of ROUTE_TABLE) {
    if (path === rule.prefix || path.startsWith(rule.prefix + '/')) {
      if (!best || rule.prefix.length > best.prefix.length) best = rule;
    }
  }
  return best;
}
