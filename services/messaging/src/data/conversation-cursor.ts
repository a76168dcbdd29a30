import { ValidationError } from '@nomadswap/service-kit/errors';
import { oid, op, type Id } from './ids';

const INVALID_CURSOR = 'Invalid cursor';

/** Opaque to clients: base64url of `<ms>.<id>` of the last row of a page (newest-first order). */
export function encodeConversationCursor(row: { lastMessageAt: Date; _id: Id }): string {
  return Buffer.from(`${row.lastMessageAt.getTime()}.${row._id.toHexString()}`).toString('base64url');
}

/** The filter of the rows after `cursor` in `{lastMessageAt: -1, _id: -1}` order; 400 for a foreign cursor. */
export function afterConversationCursor(cursor: string): Record<string, unknown> {
  const match = /^(\d{1,15})\.([a-f0-9]{24})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) {
    throw new ValidationError(INVALID_CURSOR, { details: [{ field: 'before', message: INVALID_CURSOR }] });
  }
  const at = new Date(Number(match[1]));
  const id = oid(match[2]!);
  return {
    $or: [{ lastMessageAt: op({ $lt: at }) }, { lastMessageAt: at, _id: op({ $lt: id }) }],
  };
}
