import type { SanctionCreateInput, Sanction } from '@nomadswap/contracts/sanctions';
import type { AuthContext } from '../context';
import { newId, toId } from '../data/ids';
import type { SanctionRecord } from '../data/sanction-model';
import { stageSanctionGiven } from '../events/publish-sanction-events';
import { toCurrentSanction } from './read-current-sanction';
import { findUserOr404 } from './find-user';
import { presentSanctions } from './list-sanctions';
import { sanctionEmail } from './compose-sanction-mail';
import { assertSanctionable, sanctionEnd } from './check-sanction-rules';

/**
 * An admin warns, restricts or suspends a user (issue 26). The sanction and its events (user.sanctioned for the
 * other services, admin.action for the audit log) go through the outbox; a restriction or suspension is in the
 * user's state at once, so every service refuses on the very next request; a suspension also ends the user's
 * open sockets (the logout path). The user is told by e-mail.
 */
export async function sanctionUser(
  ctx: AuthContext,
  props: { adminId: string; userId: string; input: SanctionCreateInput },
): Promise<Sanction> {
  const user = await findUserOr404(ctx.users, props.userId);
  assertSanctionable({ adminId: props.adminId, userId: props.userId, role: user.role });
  const { type, reason, days, reportId } = props.input;
  const startsAt = ctx.now();
  const record: SanctionRecord = {
    _id: newId(),
    userId: user._id,
    adminId: toId(props.adminId),
    type,
    reason,
    days: days ?? null,
    startsAt,
    endsAt: type === 'warn' ? null : sanctionEnd(startsAt, days),
    liftedAt: null,
    liftedBy: null,
    reportId: reportId ? toId(reportId) : null,
  };
  const staged = await stageSanctionGiven(ctx, {
    sanction: record,
    userId: props.userId,
    adminId: props.adminId,
    reportId,
  });
  await ctx.sanctions.create(record);
  await staged.confirm();
  if (type !== 'warn') {
    await ctx.userState.set(props.userId, {
      role: user.role,
      isApproved: user.isApproved,
      sanction: toCurrentSanction(record),
    });
  }
  if (type === 'suspend') await ctx.tokens.revokeUser(props.userId);
  await ctx.queues.notifications.enqueue(
    sanctionEmail({
      to: user.email,
      fullName: user.fullName,
      type,
      reason,
      endsAt: record.endsAt,
      publicUrl: ctx.settings.publicUrl,
    }),
    { jobId: `sanction-${record._id.toHexString()}` },
  );
  const [presented] = await presentSanctions(ctx, [record]);
  return presented!;
}
