import { adminActionEvent } from '@nomadswap/service-kit/admin-action';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { StagedEvents } from '@nomadswap/service-kit/outbox';
import {
  SANCTIONS_COLLECTION,
  type LastingSanctionRecord,
  type SanctionRecord,
} from '../data/sanction-model';

/**
 * The ids as the admin's request named them (the events carry them as given); the record holds the same ids as
 * ObjectIds.
 */
interface SanctionParties {
  userId: string;
  adminId: string;
}

/**
 * Stores user.sanctioned (the other services hide or refuse) and the audit entry in the outbox before the sanction
 * is written (confirm once it is): a process killed in between still announces it.
 */
export function stageSanctionGiven(
  core: { bus: EventBus },
  props: SanctionParties & { sanction: SanctionRecord; reportId?: string },
): Promise<StagedEvents> {
  const { sanction, userId, adminId, reportId } = props;
  const sanctionId = sanction._id.toHexString();
  const endsAt = sanction.endsAt?.toISOString() ?? null;
  return core.bus.stage({ collection: SANCTIONS_COLLECTION, id: sanction._id, exists: {} }, [
    {
      type: 'user.sanctioned',
      data: {
        id: sanctionId,
        userId,
        adminId,
        type: sanction.type,
        reason: sanction.reason,
        startsAt: sanction.startsAt.toISOString(),
        endsAt,
        reportId: reportId ?? null,
      },
    },
    adminActionEvent({
      actorId: adminId,
      action: 'user.sanctioned',
      target: { type: 'user', id: userId },
      after: {
        sanctionId,
        type: sanction.type,
        reason: sanction.reason,
        days: sanction.days,
        endsAt,
        ...(reportId ? { reportId } : {}),
      },
    }),
  ]);
}

/**
 * Stores user.sanction-lifted (items shows the user's listings again) and the audit entry before the lift is
 * written; the guard: the sanction bears a `liftedAt` once it is.
 */
export function stageSanctionLifted(
  core: { bus: EventBus },
  props: SanctionParties & { sanction: LastingSanctionRecord; liftedAt: Date },
): Promise<StagedEvents> {
  const { sanction, userId, adminId } = props;
  const sanctionId = sanction._id.toHexString();
  return core.bus.stage(
    { collection: SANCTIONS_COLLECTION, id: sanction._id, exists: { liftedAt: { $ne: null } } },
    [
      {
        type: 'user.sanction-lifted',
        data: {
          id: sanctionId,
          userId,
          adminId,
          type: sanction.type,
          liftedAt: props.liftedAt.toISOString(),
        },
      },
      adminActionEvent({
        actorId: adminId,
        action: 'user.sanction_lifted',
        target: { type: 'user', id: userId },
        before: { sanctionId, type: sanction.type, endsAt: sanction.endsAt?.toISOString() ?? null },
      }),
    ],
  );
}
