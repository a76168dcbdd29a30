import { describe, expect, it } from 'vitest';
import { afterConversationCursor, encodeConversationCursor } from './conversation-cursor';
import { oid } from './ids';

/** Conversation cursors without stores (issue 21); the conversations route tests page through real data. */
const ID = '65a1b2c3d4e5f60718293a4b';
const AT = new Date('2030-01-01T10:00:00.123Z');
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('conversation cursors', () => {
  it('are base64url of `<ms>.<id>` of the last row', () => {
    expect(encodeConversationCursor({ lastMessageAt: AT, _id: oid(ID) })).toBe(b64(`${AT.getTime()}.${ID}`));
  });

  it('give the rows after the cursor: older, or as old with a smaller id', () => {
    const filter = JSON.parse(JSON.stringify(afterConversationCursor(b64(`${AT.getTime()}.${ID}`))));
    expect(filter).toEqual({
      $or: [
        { lastMessageAt: { $lt: AT.toISOString() } },
        { lastMessageAt: AT.toISOString(), _id: { $lt: ID } },
      ],
    });
  });

  it('a cursor this service did not issue is a 400 on `before`', () => {
    for (const text of [
      `x${AT.getTime()}.${ID}`,
      `${AT.getTime()}.${ID}x`,
      `${AT.getTime()}${ID}`,
      `1234567890123456.${ID}`,
      `${AT.getTime()}.${ID.toUpperCase()}`,
    ]) {
      expect(() => afterConversationCursor(b64(text)), text).toThrow(
        expect.objectContaining({
          status: 400,
          message: 'Invalid cursor',
          details: [{ field: 'before', message: 'Invalid cursor' }],
        }),
      );
    }
  });
});
