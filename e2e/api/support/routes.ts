import type { Express } from 'express';

/** One route as an express app serves it: `GET /api/items/:id`. */
export interface ServedRoute {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const joinPath = (prefix: string, path: string) => prefix + (path === '/' ? '' : path) || '/';

function walk(stack: Layer[], prefix: string, out: ServedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const path = joinPath(prefix, String(layer.route.path));
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') out.push({ method: method.toUpperCase(), path });
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
      walk(layer.handle.stack, joinPath(prefix, mount), out);
    }
  }
}

/**
 * Every route of an express 5 app, found by walking its router stack (mounted routers included). This is what
 * makes "a route added without a row in the matrix" fail: the matrix compares its table with this list.
 */
export function servedRoutes(app: Express): ServedRoute[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  const out: ServedRoute[] = [];
  walk(router.stack, '', out);
  return out.filter(
    (route, index) => out.findIndex((r) => r.method === route.method && r.path === route.path) === index,
  );
}
