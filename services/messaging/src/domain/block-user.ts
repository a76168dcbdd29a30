import { MSG } from '@nomadswap/contracts/messages';
import type { Block } from '@nomadswap/contracts/messaging-responses';
import { NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import type { BlockRecord } from '../data/block';
import { changingChatState } from '../data/chat-state-cache';
import { loadChatUsers, participantState } from './chat-users';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import { hex, oid } from '../data/ids';
import { endExchangesBetween } from './end-exchanges';
import type { Viewer } from './viewer';

export async function presentBlocks(
  ctx: Pick<MessagingContext, 'users'>,
  records: readonly BlockRecord[],
): Promise<Block[]> {
  const users = await loadChatUsers(
    ctx,
    records.map((record) => hex(record.blockedId)),
  );
  return records.map((record) => ({
    userId: hex(record.blockedId),
    user: users.get(hex(record.blockedId))!,
    createdAt: record.createdAt.toISOString(),
  }));
}

/**
 * The caller blocks `userId`: from now on no messages or typing pass either way and neither sees the other's
 * presence. Idempotent (blocking twice keeps one block); the blocked user is not told.
 */
export async function blockUser(
  ctx: MessagingContext,
  props: { viewer: Viewer; userId: string },
): Promise<{ block: Block; created: boolean }> {
  const { viewer, userId } = props;
  if (userId === viewer.id) {
    throw new ValidationError(MSG.cannotBlockSelf, {
      code: 'CANNOT_BLOCK_SELF',
      details: [{ field: 'userId', message: MSG.cannotBlockSelf }],
    });
  }
  if ((await participantState(ctx, userId)) === 'unknown') {
    throw new NotFoundError(MSG.userNotFound, { code: 'USER_NOT_FOUND' });
  }
  const key = { blockerId: oid(viewer.id), blockedId: oid(userId) };
  let created = false;
  let record = await ctx.blocks.findOne(key).lean<BlockRecord>();
  if (!record) {
    try {
      // Every replica's cached chat state of the two is stale from here (the sends' block check).
      const stored = await changingChatState(ctx, [viewer.id, userId], () => ctx.blocks.create(key));
      record = stored.toObject({
        transform: false,
        flattenObjectIds: false,
        virtuals: false,
      }) as BlockRecord;
      created = true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      record = (await ctx.blocks.findOne(key).lean<BlockRecord>())!;
    }
  }
  // A block ends every open exchange between the two (cancelled, the item released); new ones are refused.
  await endExchangesBetween(ctx, viewer.id, userId);
  return { block: (await presentBlocks(ctx, [record]))[0]!, created };
}
