import type { AuthContext } from '../context';
import { isId } from '../data/ids';
import { toCurrentSanction } from './read-current-sanction';

/**
 * Writes every user's `userstate:{id}` from the database and removes states of users that no longer exist.
 * Run at start: Redis may have lost keys (a restart without persistence) or kept one of a user deleted while
 * a write failed, and every service decides access from these keys.
 */
export async function seedUserStates(
  ctx: Pick<AuthContext, 'users' | 'sanctions' | 'userState' | 'redis' | 'keyPrefix'>,
): Promise<{ seeded: number; removed: number }> {
  // Each user's newest restriction or suspension (see latestLasting in data/sanctions.ts), in one pass.
  const latest = await ctx.sanctions.latestLastingOfEveryUser();
  const sanctions = new Map(latest.map((record) => [record.userId.toHexString(), record]));
  const known = new Set<string>();
  for await (const user of ctx.users.accessStates()) {
    const id = user._id.toHexString();
    known.add(id);
    await ctx.userState.set(id, {
      role: user.role,
      isApproved: user.isApproved,
      sanction: toCurrentSanction(sanctions.get(id) ?? null),
    });
  }

  const prefix = `${ctx.keyPrefix}userstate:`;
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await ctx.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const id = key.slice(prefix.length);
      // Re-checked: a user registered on another replica since the pass above is not an orphan.
      const exists = known.has(id) || (isId(id) && (await ctx.users.exists(id)));
      if (!exists) {
        await ctx.userState.delete(id);
        removed += 1;
      }
    }
  } while (cursor !== '0');
  return { seeded: known.size, removed };
}
