import type { LoginInput } from '@nomadswap/contracts/auth';
import { MSG } from '@nomadswap/contracts/messages';
import type { AuthResponse } from '@nomadswap/contracts/responses';
import { RateLimitedError, UnauthorizedError } from '@nomadswap/service-kit/errors';
import type { RateLimiter } from '@nomadswap/service-kit/rate-limit';
import { sanctionInForceOrThrow } from '@nomadswap/service-kit/auth';
import type { AuthContext } from '../context';
import { userStateOf } from './read-current-sanction';
import { signDeviceCookie, verifyDeviceCookie } from './sign-device-cookie';
import { verifyAgainstDummy, verifyPassword } from './hash-password';
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
 * Takes one attempt from each login limit before the password is checked, so that guesses sent in parallel
 * cannot all pass a check made before the first failure is counted. If any limit refuses, the points taken from
 * the others are given back (a refused attempt costs nothing) and the 429 with the longest wait is thrown.
 */
async function takeLoginAttempt(ctx: AuthContext, keys: LoginLimitKeys): Promise<void> {
  const limits = loginLimits(ctx, keys);
  const outcomes = await Promise.allSettled(limits.map(([limiter, key]) => limiter.consume(key)));
  const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
  if (refusals.length === 0) return;
  await Promise.all(
    limits.map(([limiter, key], i) =>
      outcomes[i]!.status === 'fulfilled' ? limiter.reward(key) : undefined,
    ),
  );
  const limited = refusals.filter((error): error is RateLimitedError => error instanceof RateLimitedError);
  // A store that is down wins: 503, never a let-through.
  if (limited.length < refusals.length) throw refusals.find((error) => !(error instanceof RateLimitedError));
  asLoginLocked(limited.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a)));
}

interface LoginLimitKeys {
  email: string;
  ip: string;
  /** The nonce of a valid device cookie of this account that is not locked out (a trusted client). */
  device?: string;
}

/**
 * The limits an attempt counts against. An unknown client: per e-mail and IP, per e-mail from anywhere (the
 * account's lockout) and per IP. A trusted device: its own limit instead of the first two, so that failures
 * elsewhere never lock the owner out; the per-IP limit applies to everyone.
 */
function loginLimits(ctx: AuthContext, keys: LoginLimitKeys): [RateLimiter, string][] {
  const address: [RateLimiter, string] = [ctx.limits.loginAddress, keys.ip];
  if (keys.device) return [[ctx.limits.loginDevice, keys.device], address];
  return [[ctx.limits.login, `${keys.email}|${keys.ip}`], [ctx.limits.loginAccount, keys.email], address];
}

/**
 * The nonce of the caller's device cookie when it is ours, names this account and is not locked out; else
 * undefined: the caller is an unknown client (OWASP: a locked-out device cookie counts as none).
 */
async function trustedDevice(
  ctx: AuthContext,
  email: string,
  cookie: string | undefined,
): Promise<string | undefined> {
  const device = verifyDeviceCookie(ctx.settings.deviceCookieKey, cookie);
  if (!device || device.email !== email) return undefined;
  const used = await ctx.limits.loginDevice.get(device.nonce);
  return used && used.remainingPoints <= 0 ? undefined : device.nonce;
}

export interface LoginOutcome {
  session: AuthResponse;
  /** A new device cookie for the client (a fresh nonce each sign-in). */
  deviceCookie: string;
}

/**
 * Signs a user in by e-mail and password. Limits count failed attempts
 * (docs/decisions/0031-login-limits-admin-bootstrap-and-ids.md,
 * docs/decisions/0061-device-cookies-the-account-lockout-does-not-lock-the-owner.md): per e-mail and IP, per
 * e-mail from any IP (a botnet spreading guesses over addresses) and per IP over any e-mail (credential
 * stuffing); a browser holding a valid device cookie of the account counts against a limit of its own instead
 * of the first two (see sign-device-cookie.ts). Each attempt takes its point before the password is verified; a
 * success gives the points back and clears the first count. Once a limit is used up even the right password
 * is refused until its window ends. An unknown e-mail costs the same hash verification as a wrong password
 * and gets the same answer. A success answers a new device cookie; a suspended user with the right password
 * gets 403 ACCOUNT_SUSPENDED saying why and until when instead.
 */
export async function logInUser(
  ctx: AuthContext,
  props: { input: LoginInput; ip: string; deviceCookie?: string },
): Promise<LoginOutcome> {
  const email = props.input.email;
  const keys = { email, ip: props.ip, device: await trustedDevice(ctx, email, props.deviceCookie) };
  await takeLoginAttempt(ctx, keys);

  const user = await ctx.users.findByEmailWithPassword(email);
  const valid = user
    ? await verifyPassword(user.passwordHash, props.input.password)
    : await verifyAgainstDummy(props.input.password);
  if (!user || !valid) throw new UnauthorizedError(MSG.invalidCredentials, { code: 'INVALID_CREDENTIALS' });

  const [first, ...others] = loginLimits(ctx, keys);
  await Promise.all([first![0].delete(first![1]), ...others.map(([limiter, key]) => limiter.reward(key))]);
  // Self-healing: whatever happened to Redis, a signed-in user's state is current from here on.
  const state = await userStateOf(ctx, user);
  await ctx.userState.set(user._id.toHexString(), state);
  // Told only to whoever knows the password: 403 ACCOUNT_SUSPENDED with the reason and the end (issue 26).
  sanctionInForceOrThrow(state, ctx.now());
  return {
    session: await startSession(ctx, user),
    deviceCookie: signDeviceCookie(ctx.settings.deviceCookieKey, user.email),
  };
}
