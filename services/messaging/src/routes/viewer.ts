import type { Request, RequestHandler } from 'express';
import type { Viewer } from '../domain/viewer';

/** The caller of a route guarded by requireApproved. */
export function signedInViewer(req: Request): Viewer {
  if (!req.user) throw new Error('signedInViewer() used on a route without an auth guard');
  return { id: req.user.id, role: req.user.role, isApproved: req.user.isApproved };
}

/** Every messaging answer depends on who asks: never cached. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
