import mongoose from 'mongoose';
import { unique } from '@nomadswap/service-kit/testing';
import type { UserEventData } from '@nomadswap/contracts/events';
import type { ItemCreateInput } from '@nomadswap/contracts/items';
import type { ItemRecord } from '../../src/data/item';
import { applyUserSnapshot } from '../../src/domain/apply-user-events';
import type { ItemsTestEnv } from './items-test-env';

/** A valid POST /api/items body without photos; override what the test is about. */
export function buildItemInput(overrides: Partial<ItemCreateInput> = {}): ItemCreateInput {
  return {
    title: 'Osprey backpack 40L',
    description: 'Carry-on size, all zips work, a few scuffs on the base.',
    category: 'Travel Gear',
    condition: 'good',
    location: 'Lisbon, Portugal',
    preferredExchange: 'A tent or a camera',
    images: [],
    ...overrides,
  };
}

/** The owner summary projection of a user, as user.* events would have stored it. */
export async function buildOwner(
  env: ItemsTestEnv,
  overrides: Partial<UserEventData> & { id: string },
): Promise<UserEventData> {
  const n = unique();
  const user: UserEventData = {
    username: `nomad_${n}`,
    fullName: `Nomad ${n}`,
    avatar: `/api/avatars/${new mongoose.Types.ObjectId().toHexString()}`,
    location: 'Lisbon, Portugal',
    rating: 4.5,
    reviewCount: 3,
    isApproved: true,
    role: 'user',
    version: 1,
    ...overrides,
  };
  await applyUserSnapshot(env.ctx, user);
  return user;
}

/** Bangkok's GeoNames id: the city of the items the factory builds unless told otherwise. */
export const BANGKOK = '1609350';

/** An item stored directly (no HTTP, no photos), `createdAt` spaced so the newest-first order is known. */
export async function buildItem(
  env: ItemsTestEnv,
  props: Partial<Omit<ItemRecord, 'userId'>> & { userId: string },
): Promise<ItemRecord> {
  const n = unique();
  const created = await env.ctx.items.create({
    title: `Item ${n}`,
    description: 'A well-travelled thing looking for a new owner.',
    category: 'Books',
    condition: 'good',
    location: 'Bangkok, Thailand',
    placeId: BANGKOK,
    preferredExchange: null,
    photos: [],
    ...props,
    userId: new mongoose.Types.ObjectId(props.userId),
  });
  return (await env.ctx.items.findById(created._id).lean<ItemRecord>())!;
}
