import type { Request, RequestHandler, Response } from 'express';
import { TOTAL_COUNT_HEADER } from '@nomadswap/contracts/headers';
import type { Viewer } from '../domain/viewer';

/** The caller of a route guarded by requireUser/requireApproved/requireAdmin. */
export function signedInViewer(req: Request): Viewer {
  if (!req.user) throw new Error('signedInViewer() used on a route without an auth guard');
  return { id: req.user.id, role: req.user.role, isApproved: req.user.isApproved };
}

/** The caller when signed in, else undefined (reports and contact are open to visitors). */
export function optionalViewer(req: Request): Viewer | undefined {
  return req.user ? signedInViewer(req) : undefined;
}

/** The rate-limit key of a client: the signed-in user, else the address (real behind the gateway). */
export const clientKey = (req: Request) => (req.user ? `user:${req.user.id}` : `ip:${req.ip ?? 'unknown'}`);

/** Moderation answers depend on who asks: never cached. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** Sends one page of a list with the total across pages in `X-Total-Count`. */
export function sendPage(res: Response, page: { rows: unknown[]; total: number }): void {
  res.set(TOTAL_COUNT_HEADER, String(page.total)).json(page.rows);
}
