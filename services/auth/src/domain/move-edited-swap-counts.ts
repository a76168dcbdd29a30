import type { AuthCore } from '../context';
import { writeUserChange } from '../events/publish-user-events';

/**
 * Migration (issue 26): the admin's swap-count editor used to overwrite `reviewCount`, so an edited user's review
 * count no longer matched their reviews (`ratingCount` counts them). What the admin meant was swaps: the edited
 * number moves to `completedSwaps` (and `arrangedSwaps`, never below it), and the review count is the number of
 * reviews again. Run at start; idempotent — a migrated user's two numbers match, so a second run finds nobody.
 * Each change is announced (user.updated) like any other.
 */
export async function moveEditedSwapCounts(
  core: Pick<AuthCore, 'bus' | 'users'>,
): Promise<{ moved: number }> {
  const edited = await core.users.findEditedSwapCounts();
  let moved = 0;
  for (const user of edited) {
    const exists = { reviewCount: user.ratingCount ?? 0, version: { $gt: user.version ?? 1 } };
    // Only as read: a user changed meanwhile is left for the next start.
    const written = await writeUserChange(core, 'user.updated', { userId: user._id, exists }, () =>
      core.users.moveSwapCount(user),
    );
    if (written) moved += 1;
  }
  return { moved };
}
