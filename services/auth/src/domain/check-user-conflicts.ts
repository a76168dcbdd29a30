import { MSG } from '@nomadswap/contracts/messages';
import { ConflictError } from '@nomadswap/service-kit/errors';
import type { Users } from '../data/users';

/** The key usernames are unique by: 'Ana' and 'ana' are one name. */
export function usernameKeyOf(username: string): string {
  return username.trim().toLowerCase();
}

function conflict(field: 'username' | 'email'): ConflictError {
  const message = field === 'username' ? MSG.usernameTaken : MSG.emailTaken;
  return new ConflictError(message, { details: [{ field, message }] });
}

/** 409 naming the taken field (username first), checked before the costly password hash. */
export async function assertUsernameAndEmailFree(
  users: Pick<Users, 'isUsernameTaken' | 'isEmailTaken'>,
  props: { usernameKey: string; email: string },
): Promise<void> {
  if (await users.isUsernameTaken(props.usernameKey)) throw conflict('username');
  if (await users.isEmailTaken(props.email)) throw conflict('email');
}

/**
 * The 409 for a duplicate-key error of the users collection: a concurrent registration that passed the check
 * above loses at the unique index and gets the same answer. Undefined for any other error.
 */
export function conflictFromDuplicateKey(error: unknown): ConflictError | undefined {
  if (!error || typeof error !== 'object' || (error as { code?: unknown }).code !== 11000) return undefined;
  const { keyPattern, keyValue, message } = error as {
    keyPattern?: Record<string, unknown>;
    keyValue?: Record<string, unknown>;
    message?: string;
  };
  const fields = Object.keys(keyPattern ?? keyValue ?? {});
  if (fields.includes('usernameKey') || /usernameKey/.test(message ?? '')) return conflict('username');
  if (fields.includes('email') || /email/.test(message ?? '')) return conflict('email');
  return undefined;
}
