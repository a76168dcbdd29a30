import { MSG } from '@nomadswap/contracts/messages';
import type { Role } from '@nomadswap/contracts/enums';
import { ForbiddenError } from '@nomadswap/service-kit/errors';

/**
 * Who may be sanctioned (issue 26): never the admin themself, and never another admin — an admin who misbehaves
 * loses the role (an operator's job), so an admin can never lock every other admin out.
 */
export function assertSanctionable(props: { adminId: string; userId: string; role: Role }): void {
  if (props.adminId === props.userId) {
    throw new ForbiddenError(MSG.cannotSanctionSelf, { code: 'CANNOT_SANCTION_SELF' });
  }
  if (props.role === 'admin') {
    throw new ForbiddenError(MSG.cannotSanctionAdmin, { code: 'CANNOT_SANCTION_ADMIN' });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a sanction of `days` started at `startsAt` ends; null: for good. */
export function sanctionEnd(startsAt: Date, days: number | undefined): Date | null {
  return days === undefined ? null : new Date(startsAt.getTime() + days * DAY_MS);
}
