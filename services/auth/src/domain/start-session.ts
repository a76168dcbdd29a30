import type { AuthResponse } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { toUserSelf, type UserViewSource } from './present-user';

/** Signs a token for the user and answers `{token, user}`. */
export async function startSession(ctx: AuthContext, user: UserViewSource): Promise<AuthResponse> {
  const { token } = await ctx.tokens.sign({ sub: user._id.toHexString(), role: user.role });
  return { token, user: toUserSelf(user) };
}
