import { z } from 'zod';
import { MSG } from './messages';
import { IdSchema } from './common';

/** POST /api/messages — content is trimmed; blank content is refused. `clientId` makes retries idempotent. */
export const MessageSendSchema = z.object({
  receiverId: IdSchema.or(z.number().transform(String).pipe(IdSchema)).describe('receiver'),
  content: z
    .string({ error: MSG.messageEmpty })
    .trim()
    .min(1, { error: MSG.messageEmpty })
    .max(2000, { error: 'Message must be at most 2000 characters' }),
  clientId: z.string().max(64).optional(),
});
export type MessageSendInput = z.infer<typeof MessageSendSchema>;

export const ExchangeCompleteSchema = z.object({ otherUserId: IdSchema, itemId: IdSchema.optional() });
export type ExchangeCompleteInput = z.infer<typeof ExchangeCompleteSchema>;

export const ExchangeQuerySchema = z.object({ userId: IdSchema.optional() });
export type ExchangeQuery = z.infer<typeof ExchangeQuerySchema>;
