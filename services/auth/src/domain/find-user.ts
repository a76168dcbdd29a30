import { MSG } from '@nomadswap/contracts/messages';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { UserRecord } from '../data/user-model';
import type { Users } from '../data/users';

/** The stored user with this id (a validated 24-hex id) or 404 'User Not Found'. */
export async function findUserOr404(users: Pick<Users, 'findById'>, userId: string): Promise<UserRecord> {
  const user = await users.findById(userId);
  if (!user) throw new NotFoundError(MSG.userNotFound);
  return user;
}
