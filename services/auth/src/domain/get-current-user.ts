import type { UserSelf } from '@nomadswap/contracts/responses';
import { invalidTokenError } from '@nomadswap/service-kit/auth';
import type { AuthContext } from '../context';
import { toUserSelf } from './user-views';

/** The signed-in user; a token whose user no longer exists is refused like any invalid token. */
export async function getCurrentUser(ctx: AuthContext, props: { userId: string }): Promise<UserSelf> {
  const user = /^[a-f0-9]{24}$/i.test(props.userId) ? await ctx.users.findById(props.userId).lean() : null;
  if (!user) throw invalidTokenError();
  return toUserSelf(user);
}
