import type { AdminItemQuery } from '@nomadswap/contracts/items';
import type { ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import { encodeCursor } from './item-cursor';
import type { Viewer } from './item-views';
import { itemFilter, type ItemPage } from './list-items';
import { presentItems } from './present-items';

export const ADMIN_DEFAULT_PAGE_SIZE = 500;

/**
 * Item moderation: every item, swapped and inactive ones included, newest first, with every photo's state
 * (failed ones too). Same filters as browse; a page of up to 500 by default, and the total count.
 */
export async function listAllItems(
  core: ItemsCore,
  props: { viewer: Viewer; query: AdminItemQuery },
): Promise<ItemPage & { total: number }> {
  const { query } = props;
  const limit = query.limit ?? ADMIN_DEFAULT_PAGE_SIZE;
  const filter = itemFilter({ ...query, includeUnavailable: true });
  const [records, total] = await Promise.all([
    core.items
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<ItemRecord[]>(),
    core.items.countDocuments(itemFilter({ ...query, cursor: undefined, includeUnavailable: true })),
  ]);
  const page = records.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await presentItems(core, page, props.viewer),
    nextCursor: records.length > limit && last ? encodeCursor(last) : null,
    total,
  };
}
