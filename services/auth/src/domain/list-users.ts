import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { toUserSelf } from './present-user';

/** Accounts waiting for approval, oldest first (the admin works through the queue in order). */
export async function listPendingUsers(ctx: AuthContext): Promise<UserSelf[]> {
  return (await ctx.users.listPending()).map(toUserSelf);
}

/** Every account, newest first. */
export async function listAllUsers(ctx: AuthContext): Promise<UserSelf[]> {
  return (await ctx.users.listAll()).map(toUserSelf);
}
