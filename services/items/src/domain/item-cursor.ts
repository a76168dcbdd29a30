import { ValidationError } from '@nomadswap/service-kit/errors';
import { type Id, oid, op } from '../data/ids';

/** The position after an item in "newest first" order: its creation time, then its id for equal times. */
export interface ItemPosition {
  createdAt: Date;
  id: Id;
}

export const INVALID_CURSOR = 'Invalid cursor';

/** Opaque to clients: base64url of `<ms>.<id>`. */
export function encodeCursor(position: { createdAt: Date; _id: Id }): string {
  return Buffer.from(`${position.createdAt.getTime()}.${position._id.toHexString()}`).toString('base64url');
}

/** Reads a cursor from a query string; 400 'Invalid cursor' for anything this service did not issue. */
export function decodeCursor(cursor: string): ItemPosition {
  const text = Buffer.from(cursor, 'base64url').toString('latin1');
  const match = /^(\d{1,15})\.([a-f0-9]{24})$/.exec(text);
  if (!match) {
    throw new ValidationError(INVALID_CURSOR, { details: [{ field: 'cursor', message: INVALID_CURSOR }] });
  }
  return { createdAt: new Date(Number(match[1])), id: oid(match[2]!) };
}

/** Items strictly after `position` in the order `{createdAt: -1, _id: -1}`. */
export function afterPosition(position: ItemPosition, field = 'createdAt'): Record<string, unknown> {
  return {
    $or: [
      { [field]: op({ $lt: position.createdAt }) },
      { [field]: position.createdAt, _id: op({ $lt: position.id }) },
    ],
  };
}

/** The position after an item in "leaving soon" order's first part: its deadline, then its id (both ascending). */
export interface DeadlinePosition {
  availableUntil: Date;
  id: Id;
}

/** Opaque to clients: base64url of `d<ms>.<id>` (the `d` tells it from a "newest first" cursor). */
export function encodeDeadlineCursor(position: { availableUntil: Date; _id: Id }): string {
  return Buffer.from(`d${position.availableUntil.getTime()}.${position._id.toHexString()}`).toString(
    'base64url',
  );
}

/** A "leaving soon" cursor: in the deadline part (`deadline`) or past it, in the newest-first rest (`newest`). */
export type LeavingSoonCursor = { deadline: DeadlinePosition } | { newest: ItemPosition };

/** Reads a "leaving soon" cursor; 400 'Invalid cursor' for anything this service did not issue. */
export function decodeLeavingSoonCursor(cursor: string): LeavingSoonCursor {
  const text = Buffer.from(cursor, 'base64url').toString('latin1');
  const match = /^d(\d{1,15})\.([a-f0-9]{24})$/.exec(text);
  if (!match) return { newest: decodeCursor(cursor) };
  return {
    deadline: { availableUntil: new Date(Number(match[1])), id: oid(match[2]!) },
  };
}

/** Items strictly after `position` in the order `{availableUntil: 1, _id: 1}`. */
export function afterDeadline(position: DeadlinePosition): Record<string, unknown> {
  return {
    $or: [
      { availableUntil: op({ $gt: position.availableUntil }) },
      { availableUntil: position.availableUntil, _id: op({ $gt: position.id }) },
    ],
  };
}
