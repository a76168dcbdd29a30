import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { assertSelf } from './assert-self';
import { assertUsernameAndEmailFree, conflictFromDuplicateKey, usernameKeyOf } from './check-user-conflicts';

/**
 * The conflict rules without stores (issue 21); check-user-conflicts.test.ts provokes the real duplicate-key errors of
 * the engine, this one every shape of them and the pre-check's order.
 */
const usernameTaken = {
  status: 409,
  message: MSG.usernameTaken,
  details: [{ field: 'username', message: MSG.usernameTaken }],
};
const emailTaken = {
  status: 409,
  message: MSG.emailTaken,
  details: [{ field: 'email', message: MSG.emailTaken }],
};

describe('usernameKeyOf', () => {
  it('is the trimmed lower-case name', () => {
    expect(usernameKeyOf('  Ana.N ')).toBe('ana.n');
  });
});

describe('assertUsernameAndEmailFree', () => {
  /** Users in which the given usernameKey or e-mail is taken. */
  const users = (taken: { usernameKey?: string; email?: string }) => ({
    isUsernameTaken: async (usernameKey: string) => usernameKey === taken.usernameKey,
    isEmailTaken: async (email: string) => email === taken.email,
  });
  const props = { usernameKey: 'ana', email: 'ana@example.com' };

  it('names the username first, then the e-mail; passes when both are free', async () => {
    await expect(assertUsernameAndEmailFree(users(props), props)).rejects.toMatchObject(usernameTaken);
    await expect(assertUsernameAndEmailFree(users({ email: props.email }), props)).rejects.toMatchObject(
      emailTaken,
    );
    await expect(assertUsernameAndEmailFree(users({}), props)).resolves.toBeUndefined();
  });
});

describe('conflictFromDuplicateKey', () => {
  it.each([
    ['keyPattern usernameKey', { code: 11000, keyPattern: { usernameKey: 1 } }, usernameTaken],
    ['keyValue usernameKey', { code: 11000, keyValue: { usernameKey: 'ana' } }, usernameTaken],
    ['message only', { code: 11000, message: 'E11000 dup key: usernameKey_1' }, usernameTaken],
    ['keyPattern email', { code: 11000, keyPattern: { email: 1 } }, emailTaken],
    ['keyValue email', { code: 11000, keyValue: { email: 'a@b.co' } }, emailTaken],
    ['e-mail in the message', { code: 11000, message: 'E11000 dup key: email_1' }, emailTaken],
    [
      'keyPattern first',
      { code: 11000, keyPattern: { email: 1 }, keyValue: { usernameKey: 'x' } },
      emailTaken,
    ],
  ])('%s → the 409 of that field', (_name, error, expected) => {
    expect(conflictFromDuplicateKey(error)).toMatchObject(expected);
  });

  it('anything else is not a conflict', () => {
    for (const error of [
      undefined,
      null,
      'E11000 usernameKey',
      { code: 11001, keyPattern: { email: 1 } },
      { code: '11000', keyPattern: { email: 1 } },
      { code: 11000, keyPattern: { _id: 1 } },
      { code: 11000 },
    ]) {
      expect(conflictFromDuplicateKey(error), JSON.stringify(error)).toBeUndefined();
    }
  });
});

describe('assertSelf', () => {
  it('lets the user through, anyone else gets 403 Access Denied', () => {
    const viewer = { id: 'u1', role: 'user' } as Parameters<typeof assertSelf>[0];
    expect(() => assertSelf(viewer, 'u1')).not.toThrow();
    expect(() => assertSelf(viewer, 'u2')).toThrow(
      expect.objectContaining({ status: 403, message: MSG.accessDenied }),
    );
  });
});
