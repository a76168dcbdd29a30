import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { sanctionNotices } from './read-current-sanction';
import { findUserOr404 } from './find-user';
import { toUserSelf } from './present-user';

/** Any user in full, for the admin's user detail page, with their current sanction and latest warning. */
export async function getUserForAdmin(ctx: AuthContext, props: { userId: string }): Promise<UserSelf> {
  const user = await findUserOr404(ctx.users, props.userId);
  return { ...toUserSelf(user), ...(await sanctionNotices(ctx, user._id, ctx.now())) };
}
