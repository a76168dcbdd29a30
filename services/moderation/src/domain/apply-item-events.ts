import type { ItemEventData } from '@nomadswap/contracts/events';
import type { ModerationContext } from '../context';
import { isDuplicateKey, oid, op } from './ids';

const TOMBSTONE_VERSION = Number.MAX_SAFE_INTEGER;

/** Keeps an item's title and owner (item.created / updated), ignoring stale versions. */
export async function applyItemSnapshot(
  ctx: Pick<ModerationContext, 'items'>,
  item: ItemEventData,
): Promise<void> {
  try {
    await ctx.items.updateOne(
      { _id: oid(item.id), version: op({ $lt: item.version }) },
      { $set: { ownerId: oid(item.userId), title: item.title, version: item.version, deleted: false } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** An item was deleted: it can no longer be named in a new report; existing reports keep its id. */
export async function applyItemDeleted(
  ctx: Pick<ModerationContext, 'items'>,
  props: { itemId: string; userId: string },
): Promise<void> {
  await ctx.items.updateOne(
    { _id: oid(props.itemId) },
    { $set: { ownerId: oid(props.userId), version: TOMBSTONE_VERSION, deleted: true } },
    { upsert: true },
  );
}
