import type { UserSelf } from '@nomadswap/contracts/responses';
import { invalidTokenError } from '@nomadswap/service-kit/auth';
import type { AuthContext } from '../context';
import { isId } from '../data/ids';
import { sanctionNotices } from './read-current-sanction';
import { toUserSelf } from './present-user';

/**
 * The signed-in user, with the restriction in force and their latest warning (the web app's banners); a token
 * whose user no longer exists is refused like any invalid token.
 */
export async function getCurrentUser(ctx: AuthContext, props: { userId: string }): Promise<UserSelf> {
  const user = isId(props.userId) ? await ctx.users.findById(props.userId) : null;
  if (!user) throw invalidTokenError();
  return { ...toUserSelf(user), ...(await sanctionNotices(ctx, user._id, ctx.now())) };
}
