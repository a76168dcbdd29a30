import type { Request } from 'express';
import { signedInUser } from '@nomadswap/service-kit/auth';
import type { Viewer } from '../domain/item-views';

/** The signed-in caller as the use-cases see them, or undefined for a visitor. */
export function viewerOf(req: Request): Viewer | undefined {
  return req.user ? { id: req.user.id, role: req.user.role, isApproved: req.user.isApproved } : undefined;
}

/** The caller of a route guarded by requireUser/requireApproved/requireAdmin (the kit's `signedInUser`). */
export function signedInViewer(req: Request): Viewer {
  const { id, role, isApproved } = signedInUser(req);
  return { id, role, isApproved };
}
