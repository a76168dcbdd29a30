import type { AuthCore } from '../context';
import { rawUsers } from '../db/user';
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
  // The native collection: mongoose's sanitizeFilter refuses `$expr`, and the filter is ours, not input.
  const edited = await rawUsers(core.users)
    .find(
      { $expr: { $ne: [{ $ifNull: ['$reviewCount', 0] }, { $ifNull: ['$ratingCount', 0] }] } },
      { projection: { reviewCount: 1, ratingCount: 1, version: 1 } },
    )
    .toArray();
  let moved = 0;
  for (const user of edited) {
    const version = user.version ?? 1;
    const reviews = user.ratingCount ?? 0;
    const written = await writeUserChange(
      core,
      'user.updated',
      { userId: user._id, exists: { reviewCount: reviews, version: { $gt: version } } },
      () =>
        rawUsers(core.users).findOneAndUpdate(
          // Only as read: a user changed meanwhile is left for the next start.
          { _id: user._id, reviewCount: user.reviewCount, ratingCount: user.ratingCount },
          {
            $set: { reviewCount: reviews, version: version + 1 },
            $max: { completedSwaps: user.reviewCount, arrangedSwaps: user.reviewCount },
          },
          { returnDocument: 'after' },
        ),
    );
    if (written) moved += 1;
  }
  return { moved };
}
