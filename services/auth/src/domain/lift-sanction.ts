import { MSG } from '@nomadswap/contracts/messages';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { toId } from '../data/ids';
import { stageSanctionLifted } from '../events/publish-sanction-events';
import { isInForce } from './read-current-sanction';
import { findUserOr404 } from './find-user';

/**
 * An admin lifts a user's restriction or suspension in force before its end (404 when there is none): the user
 * state loses it at once, user.sanction-lifted tells the other services (listings shown again), the audit log
 * records it.
 */
export async function liftSanction(
  ctx: AuthContext,
  props: { adminId: string; userId: string },
): Promise<void> {
  const user = await findUserOr404(ctx.users, props.userId);
  const current = await ctx.sanctions.latestLasting(user._id);
  const now = ctx.now();
  if (!current || !isInForce(current, now)) {
    throw new NotFoundError(MSG.noCurrentSanction, { code: 'NO_CURRENT_SANCTION' });
  }
  const staged = await stageSanctionLifted(ctx, {
    sanction: current,
    userId: props.userId,
    adminId: props.adminId,
    liftedAt: now,
  });
  if (!(await ctx.sanctions.lift(current._id, { liftedAt: now, liftedBy: toId(props.adminId) }))) {
    await staged.cancel();
    throw new NotFoundError(MSG.noCurrentSanction, { code: 'NO_CURRENT_SANCTION' });
  }
  await staged.confirm();
  await ctx.userState.set(props.userId, { role: user.role, isApproved: user.isApproved, sanction: null });
}
