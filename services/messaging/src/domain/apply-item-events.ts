import type { ItemEventData } from '@nomadswap/contracts/events';
import { upsertNewerVersion, writeTombstone } from '@nomadswap/service-kit/projection';
import type { MessagingContext } from '../context';
import { oid } from '../data/ids';

/** Keeps the chat context of an item (item.created / updated), ignoring stale versions. */
export async function applyItemSnapshot(
  ctx: Pick<MessagingContext, 'items'>,
  item: ItemEventData,
): Promise<void> {
  await upsertNewerVersion(ctx.items, {
    id: item.id,
    version: item.version,
    set: { ownerId: oid(item.userId), title: item.title, image: item.image, isSwapped: item.isSwapped },
  });
}

/** An item was deleted: conversations about it keep a tombstone (title kept, marked deleted). */
export async function applyItemDeleted(
  ctx: Pick<MessagingContext, 'items'>,
  props: { itemId: string; userId: string },
): Promise<void> {
  await writeTombstone(ctx.items, {
    id: props.itemId,
    setOnInsert: { ownerId: oid(props.userId), title: '', image: null, isSwapped: false },
  });
}
