import type { Language } from '@nomadswap/contracts/enums';
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

/**
 * Stores a contact message for the admins and acknowledges it by e-mail (a mail not queued is only logged), in
 * the language the sender reads the app in: the form's `language`, else a signed-in sender's profile language,
 * else `requestLanguage` (the request's Accept-Language, when it names one we speak), else English.
 */
export async function sendContactMessage(
  ctx: ModerationContext,
  props: { viewer?: Viewer; input: ContactInput; requestLanguage?: Language },
): Promise<ContactMessage> {
  const { language, ...input } = props.input;
  const created = await ctx.contactMessages.create({
    ...input,
    userId: props.viewer ? oid(props.viewer.id) : null,
    createdAt: new Date(),
  });
  const record = created.toObject({
    transform: false,
    flattenObjectIds: false,
    virtuals: false,
  }) as ContactMessageRecord;
  try {
    const sender =
      !language && props.viewer
        ? await ctx.users.findById(oid(props.viewer.id)).lean<ModerationUserRecord>()
        : null;
    const mail = contactReceivedMail({
      to: record.email,
      reference: hex(record._id),
      language: language ?? sender?.language ?? props.requestLanguage,
    });
    await ctx.notifications.enqueue(mail, {
      jobId: `contact-received-${hex(record._id)}`,
    });
  } catch (error) {
    ctx.logger.error({ err: error, contactMessageId: hex(record._id) }, 'contact e-mail not queued');
  }
  return presentContactMessage(record);
}
