import type { EventBus } from '@nomadswap/service-kit/events';
import type { ModerationContext } from '../context';
import { applyItemDeleted, applyItemSnapshot } from '../domain/apply-item-events';
import { applyUserDeleted, applyUserSnapshot } from '../domain/apply-user-events';
import { recordAdminAction } from '../domain/record-admin-action';
import { recordCompletedExchange } from '../domain/record-completed-exchange';
import { recordReportSanction } from '../domain/record-report-sanction';
import { recordSafetySignal } from '../domain/record-safety-signal';

/**
 * What moderation learns from others: user summaries (auth), item titles and owners (items), completed swaps
 * (messaging: review eligibility), flagged messages (messaging: the safety signal's reports), sanctions given
 * from a report (auth: the report is resolved and records it) and every service's admin actions (the audit log). Every handler is idempotent.
 */
export function consumeModerationEvents(bus: EventBus, ctx: ModerationContext): void {
  bus
    .on('user.registered', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.updated', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.approved', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.deleted', (event) => applyUserDeleted(ctx, { userId: event.data.id }))
    .on('item.created', (event) => applyItemSnapshot(ctx, event.data))
    .on('item.updated', (event) => applyItemSnapshot(ctx, event.data))
    .on('item.deleted', (event) =>
      applyItemDeleted(ctx, { itemId: event.data.id, userId: event.data.userId }),
    )
    .on('exchange.completed', (event) => recordCompletedExchange(ctx, event.data))
    .on('admin.action', (event) => recordAdminAction(ctx, event.data))
    .on('message.flagged', (event) => recordSafetySignal(ctx, event.data))
    .on('user.sanctioned', (event) => recordReportSanction(ctx, event.data));
}
