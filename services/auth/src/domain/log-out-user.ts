import type { AuthUser } from '@nomadswap/service-kit/auth';
import type { AuthContext } from '../context';

/** Revokes the caller's token: its id is denied until the token would have expired anyway. */
export async function logOutUser(ctx: AuthContext, props: { user: AuthUser }): Promise<void> {
  await ctx.tokens.revoke(props.user.jti, props.user.tokenExpiresAt);
}
