import type { SafetyWarning } from '@nomadswap/contracts/enums';
import type { StagedEvents } from '@nomadswap/service-kit/outbox';
import type { MessagingContext } from '../context';
import { hex } from '../data/ids';
import type { MessageRecord } from '../data/message';

/**
 * `message.flagged` for a message that carries a safety warning, staged with its insert (outbox): moderation
 * counts them per sender (issue 26).
 */
export function stageMessageFlagged(
  ctx: Pick<MessagingContext, 'bus' | 'messages'>,
  record: MessageRecord,
  kind: SafetyWarning,
): Promise<StagedEvents> {
  // A creation's guard (`exists`): the event is sent when the message is stored. Without it the relay would
  // read a missing message as a deletion that happened, and drop the event of a message that was stored.
  return ctx.bus.stage({ collection: ctx.messages.collection.collectionName, id: record._id, exists: {} }, [
    {
      type: 'message.flagged',
      data: {
        messageId: hex(record._id),
        senderId: hex(record.senderId),
        receiverId: hex(record.receiverId),
        kind,
        content: record.content,
        createdAt: record.createdAt.toISOString(),
      },
    },
  ]);
}
