import { Router } from 'express';
import { AvatarUploadSchema, ProfileUpdateSchema } from '@nomadswap/contracts/auth';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { requireAdmin, requireUser, signedInUser } from '@nomadswap/service-kit/auth';
import { uploadBody } from '@nomadswap/service-kit/app';
import { validate } from '@nomadswap/service-kit/validate';
import type { AuthContext } from '../../context';
import { changeUserAvatar } from '../../domain/change-user-avatar';
import { deleteUser } from '../../domain/delete-user';
import { getUserProfile } from '../../domain/get-user-profile';
import { updateUserProfile } from '../../domain/update-user-profile';

/** /api/users: profiles (approved viewers), own profile edits, and the all-users page's delete (admins). */
export function usersRouter(ctx: AuthContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireUser);

  const byId = validate({ params: IdParamsSchema });
  router.get('/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    res
      .set('Cache-Control', 'no-store')
      .json(await getUserProfile(ctx, { viewer: signedInUser(req), userId: params.id }));
  });

  const update = validate({ params: IdParamsSchema, body: ProfileUpdateSchema });
  router.put('/:id', update, async (req, res) => {
    const { params, body } = update.from(req);
    res.json(await updateUserProfile(ctx, { viewer: signedInUser(req), userId: params.id, changes: body }));
  });

  const avatar = validate({ params: IdParamsSchema, body: AvatarUploadSchema });
  router.post('/:id/avatar', uploadBody('avatar'), avatar, async (req, res) => {
    const { params, body } = avatar.from(req);
    res.json(
      await changeUserAvatar(ctx, { viewer: signedInUser(req), userId: params.id, avatar: body.avatar }),
    );
  });

  router.delete('/:id', requireAdmin, byId, async (req, res) => {
    const { params } = byId.from(req);
    await deleteUser(ctx, { adminId: signedInUser(req).id, userId: params.id });
    res.status(204).end();
  });

  return router;
}
