import type { MessagingContext } from '../context';
import { changingChatState } from '../data/chat-state-cache';
import { oid } from '../data/ids';
import type { Viewer } from './viewer';

/** Lifts the caller's block of `userId` (if any); idempotent. */
export async function unblockUser(
  ctx: Pick<MessagingContext, 'blocks' | 'redis' | 'keyPrefix'>,
  props: { viewer: Viewer; userId: string },
): Promise<{ blocked: false }> {
  // Every replica's cached chat state of the two is stale from here (the sends' block check).
  await changingChatState(ctx, [props.viewer.id, props.userId], () =>
    ctx.blocks.deleteOne({ blockerId: oid(props.viewer.id), blockedId: oid(props.userId) }),
  );
  return { blocked: false };
}
