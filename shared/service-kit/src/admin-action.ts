import { randomUUID } from 'node:crypto';
import type { AdminActionEventData } from '@nomadswap/contracts/events';
import type { EventBus } from './events';

export type AdminActionRecord = Omit<AdminActionEventData, 'id' | 'at'>;

/**
 * Announces an admin's change for the audit log (moderation stores it). Called after the change is written; the
 * event's own id lets moderation store a redelivery once. Never put secrets or e-mail addresses in before/after.
 */
export async function publishAdminAction(bus: EventBus, record: AdminActionRecord): Promise<void> {
  await bus.publish('admin.action', { id: randomUUID(), at: new Date().toISOString(), ...record });
}
