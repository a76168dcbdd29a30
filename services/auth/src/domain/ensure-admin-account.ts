import { ConfigError } from '@nomadswap/service-kit/config';
import type { AuthCore } from '../context';
import type { UserStateStore } from '@nomadswap/service-kit/auth';
import { newId } from '../data/ids';
import type { UserFields } from '../data/users';
import { writeUserChange } from '../events/publish-user-events';
import { hashPassword, verifyPassword } from './hash-password';
import { conflictFromDuplicateKey, usernameKeyOf } from './check-user-conflicts';

const ADMIN_USERNAME = 'admin';

/** 'admin', else 'admin2', 'admin3'… — the first name nobody holds. */
async function freeUsername(core: AuthCore, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await core.users.isUsernameTaken(usernameKeyOf(candidate)))) return candidate;
  }
}

/**
 * The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, on every start: created when missing; an existing admin
 * is approved again with that password. Idempotent: a start that finds it as configured changes nothing.
 * An account with that e-mail that is not an admin is never promoted (whoever registered it would keep their
 * sessions and gain the admin's rights): the start fails with a ConfigError saying what to do.
 * Returns what it did, for the start-up log.
 */
export async function ensureAdminAccount(
  core: AuthCore & { userState: UserStateStore },
  props: { email: string; password: string },
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = props.email.trim().toLowerCase();
  const existing = await core.users.findByEmailWithPassword(email);
  if (existing) {
    if (existing.role !== 'admin') {
      throw new ConfigError([
        `ADMIN_EMAIL ${email} belongs to an existing account (@${existing.username}) that is not an admin; it is ` +
          'not promoted. Set ADMIN_EMAIL to an address nobody has registered (then, signed in as that admin, ' +
          'delete or keep that account).',
      ]);
    }
    const changes: UserFields = {};
    if (!existing.isApproved) Object.assign(changes, { isApproved: true, approvedAt: new Date() });
    if (!(await verifyPassword(existing.passwordHash, props.password))) {
      changes.passwordHash = await hashPassword(props.password);
    }
    await core.userState.set(existing._id.toHexString(), { role: 'admin', isApproved: true });
    if (Object.keys(changes).length === 0) return 'unchanged';
    await writeUserChange(
      core,
      'user.updated',
      { userId: existing._id, exists: { version: { $gt: existing.version ?? 1 } } },
      () => core.users.update(existing._id, changes),
    );
    return 'updated';
  }

  const username = await freeUsername(core, ADMIN_USERNAME);
  const userId = newId();
  const passwordHash = await hashPassword(props.password);
  try {
    await writeUserChange(core, 'user.registered', { userId, exists: {} }, () =>
      core.users.create({
        _id: userId,
        username,
        usernameKey: usernameKeyOf(username),
        email,
        passwordHash,
        fullName: 'NomadSwap Admin',
        role: 'admin',
        isApproved: true,
        approvedAt: new Date(),
      }),
    );
  } catch (error) {
    // Another replica starting at the same moment created it (or took the name): settle on what exists.
    if (conflictFromDuplicateKey(error)) return ensureAdminAccount(core, props);
    throw error;
  }
  await core.userState.set(userId.toHexString(), { role: 'admin', isApproved: true });
  return 'created';
}
