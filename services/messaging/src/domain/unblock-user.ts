import type { MessagingContext } from '../context';
import { oid } from '../data/ids';
import type { Viewer } from './viewer';

/** Lifts the caller's block of `userId` (if any); idempotent. */
export async function unblockUser(
  ctx: Pick<MessagingContext, 'blocks'>,
  props: { viewer: Viewer; userId: string },
): Promise<{ blocked: false }> {
  await ctx.blocks.deleteOne({ blockerId: oid(props.viewer.id), blockedId: oid(props.userId) });
  return { blocked: false };
}
