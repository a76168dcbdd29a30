import type { ItemEventData } from '@nomadswap/contracts/events';
import { upsertNewerVersion, writeTombstone } from '@nomadswap/service-kit/projection';
import type { ModerationContext } from '../context';
import { oid } from '../data/ids';

/** Keeps an item's title and owner (item.created / updated), ignoring stale versions. */
export async function applyItemSnapshot(
  ctx: Pick<ModerationContext, 'items'>,
  item: ItemEventData,
): Promise<void> {
  await upsertNewerVersion(ctx.items, {
    id: item.id,
    version: item.version,
    set: { ownerId: oid(item.userId), title: item.title },
  });
}

/** An item was deleted: it can no longer be named in a new report; existing reports keep its id. */
export async function applyItemDeleted(
  ctx: Pick<ModerationContext, 'items'>,
  props: { itemId: string; userId: string },
): Promise<void> {
  await writeTombstone(ctx.items, { id: props.itemId, set: { ownerId: oid(props.userId) } });
}
