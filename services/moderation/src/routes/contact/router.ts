import { Router } from 'express';
import { LANGUAGES, type Language } from '@nomadswap/contracts/enums';
import { ContactListQuerySchema, ContactSchema } from '@nomadswap/contracts/moderation';
import { requireAdmin } from '@nomadswap/service-kit/auth';
import { rateLimit } from '@nomadswap/service-kit/rate-limit';
import { validate } from '@nomadswap/service-kit/validate';
import type { ModerationContext } from '../../context';
import { listContactMessages } from '../../domain/list-contact-messages';
import { sendContactMessage } from '../../domain/send-contact-message';
import { clientKey, noStore, optionalViewer, sendPage } from '../viewer';

/** /api/contact: anyone sends a message to the team (rate-limited per client). */
export function contactRouter(ctx: ModerationContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, noStore);
  const send = validate({ body: ContactSchema });
  router.post('/', send, rateLimit(ctx.contactLimiter, clientKey), async (req, res) => {
    const message = await sendContactMessage(ctx, {
      viewer: optionalViewer(req),
      input: send.from(req).body,
      // Without the header express answers the first of the list, English.
      requestLanguage: (req.acceptsLanguages(...LANGUAGES) || undefined) as Language | undefined,
    });
    res.status(201).json(message);
  });
  return router;
}

/** /api/admin/contact-messages: what people sent, newest first. */
export function contactMessagesRouter(ctx: ModerationContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, noStore, requireAdmin);
  const list = validate({ query: ContactListQuerySchema });
  router.get('/', list, async (req, res) => {
    sendPage(res, await listContactMessages(ctx, { query: list.from(req).query }));
  });
  return router;
}
