import type { LoginInput } from '@nomadswap/contracts/auth';
import { MSG } from '@nomadswap/contracts/messages';
import type { AuthResponse } from '@nomadswap/contracts/responses';
import { RateLimitedError, UnauthorizedError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { startSession } from './start-session';

/** 'Too many login attempts. Please try again in N minutes.' */
export function loginLockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Re-throws the limiter's 429 with the login wording (and the same Retry-After). */
function asLoginLocked(error: unknown): never {
  if (error instanceof RateLimitedError) {
    throw new RateLimitedError(error.retryAfterSeconds, loginLockedMessage(error.retryAfterSeconds), {
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
    });
  }
  throw error;
}

/**
 * Signs a user in by e-mail and password. Only failures count against the limit, per e-mail and IP (so
 * nobody else is locked out by an attacker); once it is used up even the right password is refused until the
 * window ends, and a success clears it. An unknown e-mail costs the same hash verification as a wrong
 * password and gets the same answer.
 */
export async function logInUser(
  ctx: AuthContext,
  props: { input: LoginInput; ip: string },
): Promise<AuthResponse> {
  const limitKey = `${props.input.email}|${props.ip}`;
  await ctx.limits.login.assertAvailable(limitKey).catch(asLoginLocked);

  const user = await ctx.users.findOne({ email: props.input.email }).select('+passwordHash').lean();
  const valid = user
    ? await verifyPassword(user.passwordHash, props.input.password)
    : await verifyAgainstDummy(props.input.password);
  if (!user || !valid) {
    await ctx.limits.login.consume(limitKey).catch(asLoginLocked);
    throw new UnauthorizedError(MSG.invalidCredentials, { code: 'INVALID_CREDENTIALS' });
  }

  await ctx.limits.login.delete(limitKey);
  // Self-healing: whatever happened to Redis, a signed-in user's state is current from here on.
  await ctx.userState.set(user._id.toHexString(), { role: user.role, isApproved: user.isApproved });
  return startSession(ctx, user);
}
