import type { EventBus } from '@nomadswap/service-kit/events';
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

/** Tells the other services to cascade: items, favourites, messages, reviews of this user. */
export async function publishUserDeleted(bus: EventBus, userId: string): Promise<void> {
  await bus.publish('user.deleted', { id: userId });
}
