import type { Block } from '@nomadswap/contracts/messaging-responses';
import type { MessagingContext } from '../context';
import type { BlockRecord } from '../data/block';
import { presentBlocks } from './block-user';
import { oid } from '../data/ids';
import type { Viewer } from './viewer';

/** Most blocks one list answers; nobody blocks more people than this in practice. */
export const BLOCK_LIST_LIMIT = 1000;

/** The users the caller blocked, newest first (never who blocked the caller). */
export async function listBlocks(
  ctx: Pick<MessagingContext, 'blocks' | 'users'>,
  props: { viewer: Viewer },
): Promise<Block[]> {
  const records = await ctx.blocks
    .find({ blockerId: oid(props.viewer.id) })
    .sort({ createdAt: -1 })
    .limit(BLOCK_LIST_LIMIT)
    .lean<BlockRecord[]>();
  return presentBlocks(ctx, records);
}
