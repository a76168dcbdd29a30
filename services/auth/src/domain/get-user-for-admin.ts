import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { findUserOr404 } from './find-user';
import { toUserSelf } from './user-views';

/** Any user in full, for the admin's user detail page. */
export async function getUserForAdmin(ctx: AuthContext, props: { userId: string }): Promise<UserSelf> {
  return toUserSelf(await findUserOr404(ctx.users, props.userId));
}
