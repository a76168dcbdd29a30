import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';

// The real argon2, observed: the dummy check must verify once, as a login with a real account does.
const verifyCalls = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    verify: (hashed: string, password: string) => {
      verifyCalls.push(hashed);
      return argon2.verify(hashed, password);
    },
  };
});

const { hashPassword, verifyAgainstDummy, verifyPassword } = await import('./hash-password');

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hashed = await hashPassword('correct horse battery');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hashed, 'correct horse batterY')).toBe(false);
  });

  it('answers false for a stored hash it cannot parse, instead of throwing', async () => {
    await expect(verifyPassword('not-a-hash', 'correct horse battery')).resolves.toBe(false);
  });

  it('checks an unknown e-mail against a real argon2id hash, and always answers false', async () => {
    verifyCalls.length = 0;
    await expect(verifyAgainstDummy('correct horse battery')).resolves.toBe(false);
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]).toMatch(/^\$argon2id\$/);
  });
});
