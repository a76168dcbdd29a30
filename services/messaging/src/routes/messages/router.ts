import { Router } from 'express';
import {
  MessageListQuerySchema,
  MessageSendSchema,
  NEXT_CURSOR_HEADER,
} from '@nomadswap/contracts/messaging';
import { requireApproved, requireUnrestricted } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { countUnread } from '../../domain/count-unread';
import { listMessages } from '../../domain/list-messages';
import { sendMessage } from '../../domain/send-message';
import { noStore, signedInViewer } from '../viewer';

/** /api/messages: approved users (and admins), their own messages only. */
export function messagesRouter(ctx: MessagingContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved, noStore);

  const list = validate({ query: MessageListQuerySchema });
  router.get('/', list, async (req, res) => {
    const page = await listMessages(ctx, { viewer: signedInViewer(req), query: list.from(req).query });
    if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.messages);
  });

  router.get('/unread-count', async (req, res) => {
    res.json({ count: await countUnread(ctx, signedInViewer(req).id) });
  });

  const send = validate({ body: MessageSendSchema });
  router.post('/', requireUnrestricted, send, async (req, res) => {
    const result = await sendMessage(ctx, { sender: signedInViewer(req), input: send.from(req).body });
    res.status(result.created ? 201 : 200).json(result.message);
  });

  return router;
}
