import { Router } from 'express';
import { MessagingSettingsUpdateSchema } from '@nomadswap/contracts/messaging';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { getMessagingSettings } from '../../domain/get-messaging-settings';
import { updateMessagingSettings } from '../../domain/update-messaging-settings';
import { noStore, signedInViewer } from '../viewer';

/** /api/messaging/settings: read receipts and e-mail nudges of the caller. */
export function settingsRouter(ctx: MessagingContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved, noStore);

  router.get('/', async (req, res) => {
    res.json(await getMessagingSettings(ctx, { viewer: signedInViewer(req) }));
  });

  const update = validate({ body: MessagingSettingsUpdateSchema });
  router.put('/', update, async (req, res) => {
    res.json(
      await updateMessagingSettings(ctx, { viewer: signedInViewer(req), update: update.from(req).body }),
    );
  });

  return router;
}
