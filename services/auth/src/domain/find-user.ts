import mongoose from 'mongoose';
import { MSG } from '@nomadswap/contracts/messages';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { UserModel } from '../db/user';
import type { UserViewSource } from './user-views';

/** The stored user with this id (a validated 24-hex id) or 404 'User Not Found'. */
export async function findUserOr404(users: UserModel, userId: string): Promise<UserViewSource> {
  const user = await users.findById(new mongoose.Types.ObjectId(userId)).lean();
  if (!user) throw new NotFoundError(MSG.userNotFound);
  return user;
}
