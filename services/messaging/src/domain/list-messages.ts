import { MESSAGE_PAGE, type MessageListQuery } from '@nomadswap/contracts/messaging';
import type { Message } from '@nomadswap/contracts/responses';
import type { MessagingContext } from '../context';
import type { MessageRecord } from '../data/message';
import { hex, oid, op } from '../data/ids';
import { presentMessages } from './present-messages';
import type { Viewer } from './viewer';

export interface MessagePage {
  /** Newest first. */
  messages: Message[];
  /** `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/**
 * The caller's messages, newest first, at most `limit` (default 50, max 100). With `with`, one conversation
 * (only ever the caller's own: a non-participant asking about someone gets their own, empty, conversation
 * with them); `before` pages back from a message id.
 */
export async function listMessages(
  ctx: MessagingContext,
  props: { viewer: Viewer; query: MessageListQuery },
): Promise<MessagePage> {
  const me = oid(props.viewer.id);
  const { query } = props;
  const limit = query.limit ?? MESSAGE_PAGE.defaultLimit;
  const filter: Record<string, unknown> = query.with
    ? {
        $or: [
          { senderId: me, receiverId: oid(query.with) },
          { senderId: oid(query.with), receiverId: me },
        ],
      }
    : { $or: [{ senderId: me }, { receiverId: me }] };
  if (query.before) filter._id = op({ $lt: oid(query.before) });

  const records = await ctx.messages
    .find(filter)
    .sort({ _id: -1 })
    .limit(limit + 1)
    .lean<MessageRecord[]>();
  const page = records.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: await presentMessages(ctx, props.viewer.id, page),
    nextCursor: records.length > limit && last ? hex(last._id) : null,
  };
}
