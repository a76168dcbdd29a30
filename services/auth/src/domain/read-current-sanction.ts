import { sanctionInForce, type CurrentSanction, type WarningNotice } from '@nomadswap/contracts/sanctions';
import type { UserState } from '@nomadswap/service-kit/auth';
import type { AuthCore } from '../context';
import type { Id } from '../data/ids';
import type { SanctionRecord } from '../data/sanction-model';
import type { UserRecord } from '../data/user-model';

type Sanctions = Pick<AuthCore, 'sanctions'>;

/** The sanction as the user state carries it, or null once lifted (an ended one is told by its `endsAt`). */
export function toCurrentSanction(record: SanctionRecord | null): CurrentSanction | null {
  if (!record || record.liftedAt || record.type === 'warn') return null;
  return {
    id: record._id.toHexString(),
    type: record.type,
    reason: record.reason,
    endsAt: record.endsAt ? record.endsAt.toISOString() : null,
  };
}

/** Whether `record` restricts or suspends the user at `now` (not lifted, not ended). */
export function isInForce(record: SanctionRecord | null, now: Date): boolean {
  return toCurrentSanction(record) !== null && sanctionInForce(record, now);
}

/** What every service reads of the user on each request: role, approval and the current sanction. */
export async function userStateOf(
  ctx: Sanctions,
  user: Pick<UserRecord, '_id' | 'role' | 'isApproved'>,
): Promise<UserState> {
  return {
    role: user.role,
    isApproved: user.isApproved,
    sanction: toCurrentSanction(await ctx.sanctions.latestLasting(user._id)),
  };
}

/** The user's sanction in force at `now` and their latest warning, for their own view (banners). */
export async function sanctionNotices(
  ctx: Sanctions,
  userId: Id,
  now: Date,
): Promise<{ sanction: CurrentSanction | null; warning: WarningNotice | null }> {
  const [lasting, warning] = await Promise.all([
    ctx.sanctions.latestLasting(userId),
    ctx.sanctions.latestWarning(userId),
  ]);
  return {
    sanction: isInForce(lasting, now) ? toCurrentSanction(lasting) : null,
    warning: warning
      ? { id: warning._id.toHexString(), reason: warning.reason, at: warning.startsAt.toISOString() }
      : null,
  };
}
