import {
  writeWithEvent,
  type EventBus,
  type PendingEvent,
  type StagedEvent,
} from '@nomadswap/service-kit/events';
import type { OutboxGuard, StagedEvents } from '@nomadswap/service-kit/outbox';
import { toId, type Id } from '../data/ids';
import { USERS_COLLECTION } from '../data/user-model';
import { toUserEventData, type UserViewSource } from '../domain/present-user';

export type UserChangeEvent = 'user.registered' | 'user.updated' | 'user.approved';

/**
 * How the outbox relay rebuilds a user event whose process died between the write and the publish: the user's
 * state as it is then (every user event carries the whole state with its version). Registered by every auth
 * process (API and worker) through createAuthCore (context.ts, the composition root; this file imports none of it).
 */
export function registerUserEventBuilders(bus: EventBus): void {
  const snapshot = (doc: Record<string, unknown>) => toUserEventData(doc as unknown as UserViewSource);
  bus
    .buildFrom('user.registered', snapshot)
    .buildFrom('user.updated', snapshot)
    .buildFrom('user.approved', (doc) => (doc.isApproved ? snapshot(doc) : null));
}

/** The guard of a write to a user: the document with this id, matching `exists` once the write is done. */
function userGuard(userId: Id | string, exists: Record<string, unknown>): OutboxGuard {
  return { collection: USERS_COLLECTION, id: toId(userId), exists };
}

/** What publishing needs of a context (the API's and the worker's both have it). */
interface Publisher {
  bus: EventBus;
}

/** The user a write changes, and what their document matches once it is done (`{}` for a creation). */
export interface UserTarget {
  userId: Id | string;
  exists: Record<string, unknown>;
}

/**
 * Stores an admin's action on a user (the audit log's `admin.action`) before the write, under the same guard as
 * the user's own event: confirm it when the write happened, cancel it when the write changed nothing.
 */
export function stageUserAdminAction(
  core: Publisher,
  target: UserTarget,
  action: StagedEvent,
): Promise<StagedEvents> {
  return core.bus.stage(userGuard(target.userId, target.exists), [action]);
}

/**
 * Writes a user and publishes their state after it, durably: the event's intent is stored before `write`
 * (kit writeWithEvent), so a process killed in between still announces the change. `exists`: what the user
 * document matches once the write is done (`{}` for a creation with an id made beforehand).
 */
export function writeUserChange<R extends UserViewSource>(
  core: Publisher,
  type: UserChangeEvent,
  target: UserTarget,
  write: () => Promise<R | null | undefined>,
): Promise<R | null | undefined> {
  return writeWithEvent(core.bus, type, userGuard(target.userId, target.exists), write, toUserEventData);
}

/** The intent of a user event, for a write that publishes later than writeUserChange allows. */
export function intendUserChange(
  core: Publisher,
  type: UserChangeEvent,
  target: UserTarget,
): Promise<PendingEvent<UserChangeEvent>> {
  return core.bus.intend(type, userGuard(target.userId, target.exists));
}

/**
 * Before the user record is deleted: stores user.deleted (and `with`, e.g. the audit entry) in the outbox; confirm
 * after the deletion. It tells the other services to cascade: items, favourites, messages, reviews of this user.
 */
export function stageUserDeleted(
  core: Publisher,
  userId: string,
  withEvents: StagedEvent[] = [],
): Promise<StagedEvents> {
  return core.bus.stage({ collection: USERS_COLLECTION, id: toId(userId) }, [
    { type: 'user.deleted', data: { id: userId } },
    ...withEvents,
  ]);
}
