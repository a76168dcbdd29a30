import { describe, expect, it } from 'vitest';
import { afterPosition, decodeCursor, encodeCursor, INVALID_CURSOR } from './item-cursor';
import { oid } from '../data/ids';

/** Cursors without stores (issue 21); list-items' route tests page through real data with them. */
const ID = '65a1b2c3d4e5f60718293a4b';
const AT = new Date('2030-01-01T10:00:00.123Z');
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('item cursors', () => {
  it('are base64url of `<ms>.<id>` and read back to the same position', () => {
    const cursor = encodeCursor({ createdAt: AT, _id: oid(ID) });
    expect(cursor).toBe(b64(`${AT.getTime()}.${ID}`));
    const position = decodeCursor(cursor);
    expect(position.createdAt).toEqual(AT);
    expect(position.id.toHexString()).toBe(ID);
  });

  it('a cursor this service did not issue is a 400 on the cursor field', () => {
    for (const text of [
      `x${AT.getTime()}.${ID}`,
      `${AT.getTime()}.${ID}x`,
      `${AT.getTime()}${ID}`,
      `.${ID}`,
      `1234567890123456.${ID}`,
      `${AT.getTime()}.${ID.slice(1)}`,
      `${AT.getTime()}.${ID.toUpperCase()}`,
    ]) {
      let error: { status?: number; message?: string; details?: unknown } | undefined;
      try {
        decodeCursor(b64(text));
      } catch (caught) {
        error = caught as typeof error;
      }
      expect(error, text).toMatchObject({
        status: 400,
        message: INVALID_CURSOR,
        details: [{ field: 'cursor', message: 'Invalid cursor' }],
      });
    }
    expect(decodeCursor(b64(`123456789012345.${ID}`)).createdAt.getTime()).toBe(123456789012345);
  });

  it('the rows after a position: older, or as old with a smaller id', () => {
    const id = oid(ID);
    const filter = JSON.parse(JSON.stringify(afterPosition({ createdAt: AT, id })));
    expect(filter).toEqual({
      $or: [{ createdAt: { $lt: AT.toISOString() } }, { createdAt: AT.toISOString(), _id: { $lt: ID } }],
    });
    expect(JSON.parse(JSON.stringify(afterPosition({ createdAt: AT, id }, 'updatedAt')))).toEqual({
      $or: [{ updatedAt: { $lt: AT.toISOString() } }, { updatedAt: AT.toISOString(), _id: { $lt: ID } }],
    });
  });
});
