import { Router } from 'express';
import {
  ConversationListQuerySchema,
  NEXT_CURSOR_HEADER,
  UserIdParamsSchema,
} from '@nomadswap/contracts/messaging';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { listConversations } from '../../domain/list-conversations';
import { markConversationRead } from '../../domain/mark-conversation-read';
import { noStore, signedInViewer } from '../viewer';

/** /api/conversations: the caller's conversation list, and marking one read. */
export function conversationsRouter(ctx: MessagingContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved, noStore);

  const list = validate({ query: ConversationListQuerySchema });
  router.get('/', list, async (req, res) => {
    const page = await listConversations(ctx, { viewer: signedInViewer(req), query: list.from(req).query });
    if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.conversations);
  });

  const read = validate({ params: UserIdParamsSchema });
  router.post('/:userId/read', read, async (req, res) => {
    res.json(
      await markConversationRead(ctx, {
        viewer: signedInViewer(req),
        otherUserId: read.from(req).params.userId,
      }),
    );
  });

  return router;
}
