import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum for it (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum, which isolated
 * modules cannot reference, hence the literal (2 = Argon2id).
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be parsed (never throws for bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first login, so that login is not slower than the rest. */
export async function prepareDummyHash(): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await dummyHash;
}

/**
 * Verifies against a hash of a random password, for logins with an unknown e-mail: they take as long as
 * a wrong password for a real account, so timing does not reveal which e-mails are registered. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await prepareDummyHash();
  await verifyPassword(await dummyHash!, password);
  return false;
}
