import type { ContactInput } from '@nomadswap/contracts/moderation';
import type { ContactMessage } from '@nomadswap/contracts/moderation-responses';
import type { ModerationContext } from '../context';
import type { ContactMessageRecord } from '../data/contact-message';
import type { ModerationUserRecord } from '../data/moderation-user';
import { hex, oid } from '../data/ids';
import { contactReceivedMail } from './mails';
import type { Viewer } from './viewer';

export function presentContactMessage(record: ContactMessageRecord): ContactMessage {
  return {
    id: hex(record._id),
    name: record.name,
    email: record.email,
    subject: record.subject,
    category: record.category,
    message: record.message,
    userId: record.userId ? hex(record.userId) : null,
    createdAt: record.createdAt.toISOString(),
  };
}

/** Stores a contact message for the admins and acknowledges it by e-mail (a mail not queued is only logged). */
export async function sendContactMessage(
  ctx: ModerationContext,
  props: { viewer?: Viewer; input: ContactInput },
): Promise<ContactMessage> {
  const created = await ctx.contactMessages.create({
    ...props.input,
    userId: props.viewer ? oid(props.viewer.id) : null,
    createdAt: new Date(),
  });
  const record = created.toObject({
    transform: false,
    flattenObjectIds: false,
    virtuals: false,
  }) as ContactMessageRecord;
  try {
    // A signed-in sender reads it in their language (issue 23).
    const sender = props.viewer
      ? await ctx.users.findById(oid(props.viewer.id)).lean<ModerationUserRecord>()
      : null;
    const mail = contactReceivedMail({
      to: record.email,
      reference: hex(record._id),
      language: sender?.language,
    });
    await ctx.notifications.enqueue(mail, {
      jobId: `contact-received-${hex(record._id)}`,
    });
  } catch (error) {
    ctx.logger.error({ err: error, contactMessageId: hex(record._id) }, 'contact e-mail not queued');
  }
  return presentContactMessage(record);
}
