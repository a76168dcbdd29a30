import { randomUUID } from 'node:crypto';
import type { AdminActionEventData } from '@nomadswap/contracts/events';
import type { StagedEvent } from './events';

export type AdminActionRecord = Omit<AdminActionEventData, 'id' | 'at'>;

/**
 * The admin.action event announcing an admin's change for the audit log (moderation stores it). Its own id lets
 * moderation store a redelivery once. Never put secrets or e-mail addresses in before/after. Stage it with the
 * change's other events (bus.stage) when the change removes a document.
 */
export function adminActionEvent(record: AdminActionRecord): StagedEvent {
  return { type: 'admin.action', data: { id: randomUUID(), at: new Date().toISOString(), ...record } };
}
