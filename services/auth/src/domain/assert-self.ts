import type { AuthUser } from '@nomadswap/service-kit/auth';
import { ForbiddenError } from '@nomadswap/service-kit/errors';

/** 403 'Access Denied' unless the caller is the user the request is about. */
export function assertSelf(viewer: AuthUser, userId: string): void {
  if (viewer.id !== userId) throw new ForbiddenError();
}
