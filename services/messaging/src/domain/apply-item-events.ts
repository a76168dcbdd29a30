import type { ItemEventData } from '@nomadswap/contracts/events';
import type { MessagingContext } from '../context';
import { isDuplicateKey, oid, op } from './ids';

const TOMBSTONE_VERSION = Number.MAX_SAFE_INTEGER;

/** Keeps the chat context of an item (item.created / updated), ignoring stale versions. */
export async function applyItemSnapshot(
  ctx: Pick<MessagingContext, 'items'>,
  item: ItemEventData,
): Promise<void> {
  try {
    await ctx.items.updateOne(
      { _id: oid(item.id), version: op({ $lt: item.version }) },
      {
        $set: {
          ownerId: oid(item.userId),
          title: item.title,
          image: item.image,
          isSwapped: item.isSwapped,
          version: item.version,
          deleted: false,
        },
      },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** An item was deleted: conversations about it keep a tombstone (title kept, marked deleted). */
export async function applyItemDeleted(
  ctx: Pick<MessagingContext, 'items'>,
  props: { itemId: string; userId: string },
): Promise<void> {
  await ctx.items.updateOne(
    { _id: oid(props.itemId) },
    {
      $set: { version: TOMBSTONE_VERSION, deleted: true },
      $setOnInsert: { ownerId: oid(props.userId), title: '', image: null, isSwapped: false },
    },
    { upsert: true },
  );
}
