import type { Sanction } from '@nomadswap/contracts/sanctions';
import type { AuthContext } from '../context';
import type { SanctionRecord } from '../data/sanction-model';
import { isInForce } from './read-current-sanction';
import { findUserOr404 } from './find-user';

/** Sanctions as the admin sees them: with the names of the admins who gave and lifted them. */
export async function presentSanctions(
  ctx: Pick<AuthContext, 'users' | 'sanctions' | 'now'>,
  records: SanctionRecord[],
): Promise<Sanction[]> {
  const adminIds = [...new Set(records.flatMap((r) => [r.adminId, r.liftedBy]).filter((id) => id !== null))];
  const admins = await ctx.users.findNames(adminIds);
  const byId = new Map(
    admins.map((a) => [
      a._id.toHexString(),
      { id: a._id.toHexString(), username: a.username, fullName: a.fullName },
    ]),
  );
  const person = (id: SanctionRecord['liftedBy']) => (id ? (byId.get(id.toHexString()) ?? null) : null);
  const current = records[0] ? await ctx.sanctions.latestLasting(records[0].userId) : null;
  const now = ctx.now();
  return records.map((record) => ({
    id: record._id.toHexString(),
    userId: record.userId.toHexString(),
    type: record.type,
    reason: record.reason,
    days: record.days ?? null,
    startsAt: record.startsAt.toISOString(),
    endsAt: record.endsAt?.toISOString() ?? null,
    admin: person(record.adminId),
    liftedAt: record.liftedAt?.toISOString() ?? null,
    liftedBy: person(record.liftedBy),
    reportId: record.reportId?.toHexString() ?? null,
    active: current !== null && current._id.equals(record._id) && isInForce(current, now),
  }));
}

/** A user's sanctions, newest first (404 for an unknown user). */
export async function listSanctions(ctx: AuthContext, props: { userId: string }): Promise<Sanction[]> {
  const user = await findUserOr404(ctx.users, props.userId);
  const records = await ctx.sanctions.listOfUser(user._id);
  return presentSanctions(ctx, records);
}
