import { MODERATION_PAGE, type ContactListQuery } from '@nomadswap/contracts/moderation';
import type { ContactMessage } from '@nomadswap/contracts/moderation-responses';
import type { ModerationContext } from '../context';
import type { ContactMessageRecord } from '../data/contact-message';
import { pageOf } from '../data/ids';
import { presentContactMessage } from './send-contact-message';

/** Contact messages for admins, newest first, one page at a time. */
export async function listContactMessages(
  ctx: ModerationContext,
  props: { query: ContactListQuery },
): Promise<{ rows: ContactMessage[]; total: number }> {
  const { skip, limit } = pageOf(props.query, MODERATION_PAGE.defaultLimit);
  const [records, total] = await Promise.all([
    ctx.contactMessages
      .find({})
      .sort({ createdAt: -1, _id: -1 })
      .skip(skip)
      .limit(limit)
      .lean<ContactMessageRecord[]>(),
    ctx.contactMessages.countDocuments({}),
  ]);
  return { rows: records.map(presentContactMessage), total };
}
