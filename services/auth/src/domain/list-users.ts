import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { toUserSelf } from './user-views';

/** Accounts waiting for approval, oldest first (the admin works through the queue in order). */
export async function listPendingUsers(ctx: AuthContext): Promise<UserSelf[]> {
  const users = await ctx.users.find({ isApproved: false }).sort({ createdAt: 1, _id: 1 }).lean();
  return users.map(toUserSelf);
}

/** Every account, newest first. */
export async function listAllUsers(ctx: AuthContext): Promise<UserSelf[]> {
  const users = await ctx.users.find({}).sort({ createdAt: -1, _id: -1 }).lean();
  return users.map(toUserSelf);
}
