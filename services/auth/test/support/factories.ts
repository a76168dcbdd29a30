import mongoose from 'mongoose';
import { unique } from '@nomadswap/service-kit/testing';
import type { RegisterInput } from '@nomadswap/contracts/auth';
import type { Role } from '@nomadswap/contracts/enums';
import type { UserRecord } from '../../src/data/user-model';
import { hashPassword } from '../../src/domain/hash-password';
import { usernameKeyOf } from '../../src/domain/check-user-conflicts';
import type { AuthTestEnv } from './auth-test-env';
import { SMALL_PNG_DATA_URL } from '@nomadswap/dev-stores/test-images';

/** A valid registration payload; override what the test is about. */
export function buildRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const n = unique();
  return {
    fullName: 'Ana Nomad',
    username: `ana_${n}`,
    email: `ana.${n}@example.com`,
    location: 'Lisbon, Portugal',
    password: 'correct horse battery',
    bio: 'Backpacking through Europe with a camera and a tent.',
    avatar: SMALL_PNG_DATA_URL,
    ...overrides,
  };
}

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export interface BuildUserOptions {
  role?: Role;
  isApproved?: boolean;
  password?: string;
  username?: string;
  email?: string;
  fullName?: string;
  createdAt?: Date;
}

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  record: UserRecord;
  token: string;
  jti: string;
  headers: { Authorization: string };
}

/**
 * A user stored directly (no HTTP, no avatar), with their user state written and a signed token, as the
 * service would have after registration (and approval, by default).
 */
export async function buildUser(env: AuthTestEnv, options: BuildUserOptions = {}): Promise<TestUser> {
  const n = unique();
  const username = options.username ?? `user_${n}`;
  const email = (options.email ?? `user.${n}@example.com`).toLowerCase();
  const password = options.password ?? 'correct horse battery';
  const role = options.role ?? 'user';
  const isApproved = options.isApproved ?? true;
  const created = await env.models.users.create({
    _id: new mongoose.Types.ObjectId(),
    username,
    usernameKey: usernameKeyOf(username),
    email,
    passwordHash: await hashOf(password),
    fullName: options.fullName ?? `Test ${n}`,
    bio: 'Travelling light, swapping often.',
    location: 'Bangkok, Thailand',
    role,
    isApproved,
    approvedAt: isApproved ? new Date() : null,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const id = created._id.toHexString();
  await env.ctx.userState.set(id, { role, isApproved });
  const signed = await env.ctx.tokens.sign({ sub: id, role });
  return {
    id,
    email,
    username,
    password,
    record: created.toObject(),
    token: signed.token,
    jti: signed.jti,
    headers: { Authorization: `Bearer ${signed.token}` },
  };
}

export const buildAdmin = (env: AuthTestEnv, options: BuildUserOptions = {}) =>
  buildUser(env, { ...options, role: 'admin', isApproved: true });
