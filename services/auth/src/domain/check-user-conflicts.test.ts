import { newId } from '../data/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildUser } from '../../test/support/factories';
import { conflictFromDuplicateKey } from './check-user-conflicts';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false });
});
afterAll(() => env.close());

/** Inserts past the friendly pre-check, as the loser of a race does, and returns the database's error. */
async function insertError(fields: { usernameKey: string; email: string }): Promise<unknown> {
  try {
    await env.models.users.create({
      _id: newId(),
      username: fields.usernameKey,
      passwordHash: 'x',
      fullName: 'Racer',
      ...fields,
    });
  } catch (error) {
    return error;
  }
  throw new Error('the insert was expected to fail');
}

describe('conflictFromDuplicateKey', () => {
  it('maps the unique-index errors of a lost race to the same 409s as the pre-check', async () => {
    const taken = await buildUser(env);
    const byName = conflictFromDuplicateKey(
      await insertError({ usernameKey: taken.username.toLowerCase(), email: 'free@example.com' }),
    );
    expect(byName?.status).toBe(409);
    expect(byName?.toBody()).toEqual({
      error: 'Username is already taken',
      code: 'CONFLICT',
      details: [{ field: 'username', message: 'Username is already taken' }],
    });
    const byEmail = conflictFromDuplicateKey(
      await insertError({ usernameKey: 'free-name', email: taken.email }),
    );
    expect(byEmail?.toBody().error).toBe('Email is already registered');
  });

  it('leaves other errors alone', () => {
    expect(conflictFromDuplicateKey(new Error('boom'))).toBeUndefined();
    expect(conflictFromDuplicateKey({ code: 11000, keyPattern: { other: 1 } })).toBeUndefined();
  });
});
