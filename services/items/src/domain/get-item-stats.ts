import type { ItemStats } from '@nomadswap/contracts/responses';
import type { ItemsCore } from '../context';

/**
 * How many available items (active, not swapped, not expired, not paused by an owner in transit, not hidden by a
 * suspension) each location has (spec
 * section 3, "Item stats").
 */
export async function getItemStats(core: Pick<ItemsCore, 'items' | 'listings' | 'now'>): Promise<ItemStats> {
  const generation = await core.listings.generation();
  return core.listings.getOrLoad('stats', generation, async () => {
    const groups = await core.items.aggregate<{ _id: string; count: number }>([
      // A raw pipeline: no mongoose sanitising, so the suspension filter is written out here.
      {
        $match: {
          isActive: true,
          isSwapped: false,
          expiredAt: null,
          ownerPaused: { $ne: true },
          $or: [{ hiddenUntil: null }, { hiddenUntil: { $lte: core.now() } }],
        },
      },
      { $group: { _id: '$location', count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
    ]);
    const locationCounts: Record<string, number> = {};
    for (const group of groups) locationCounts[group._id] = group.count;
    return { locationCounts };
  });
}
