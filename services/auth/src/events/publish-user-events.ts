import mongoose from 'mongoose';
import type { EventBus, StagedEvent } from '@nomadswap/service-kit/events';
import type { StagedEvents } from '@nomadswap/service-kit/outbox';
import type { AuthCore } from '../context';
import { toUserEventData, type UserViewSource } from '../domain/user-views';

export type UserChangeEvent = 'user.registered' | 'user.updated' | 'user.approved';

/** Publishes a user's current state (with its version) after the database write that changed it. */
export async function publishUserChange(
  bus: EventBus,
  type: UserChangeEvent,
  user: UserViewSource,
): Promise<void> {
  await bus.publish(type, toUserEventData(user));
}

/**
 * Before the user record is deleted: stores user.deleted (and `with`, e.g. the audit entry) in the outbox; confirm
 * after the deletion. It tells the other services to cascade: items, favourites, messages, reviews of this user.
 */
export function stageUserDeleted(
  core: Pick<AuthCore, 'bus' | 'users'>,
  userId: string,
  withEvents: StagedEvent[] = [],
): Promise<StagedEvents> {
  return core.bus.stage(
    { collection: core.users.collection.collectionName, id: new mongoose.Types.ObjectId(userId) },
    [{ type: 'user.deleted', data: { id: userId } }, ...withEvents],
  );
}
