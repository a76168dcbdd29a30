import type { UserSelf } from '@nomadswap/contracts/responses';

/** Messaging (and its live connection) is for approved users; the server lets admins in as well. */
export function canMessage(user: UserSelf): boolean {
  return user.isApproved || user.role === 'admin';
}
