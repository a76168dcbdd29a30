import { describe, expect, it } from 'vitest';
import { touchConversations, type ConversationStore } from './conversation';
import { newId } from './ids';
import type { MessageRecord } from './message';

/** A context whose database answers the update command with the given replies, in turn. */
function fakeContext(replies: object[]) {
  const commands: Record<string, unknown>[] = [];
  const ctx = {
    conversations: { collection: { collectionName: 'conversations' } },
    mongo: {
      db: {
        command: async (command: Record<string, unknown>) => {
          commands.push(command);
          return replies.shift() ?? { ok: 1 };
        },
      },
    },
  } as unknown as ConversationStore;
  return { ctx, commands };
}

const record: MessageRecord = {
  _id: newId(),
  senderId: newId(),
  receiverId: newId(),
  content: 'hi',
  clientId: 'c1',
  itemId: null,
  exchangeId: null,
  isRead: false,
  readAt: null,
  createdAt: new Date(),
};

describe('touchConversations', () => {
  it('upserts both rows in one update command', async () => {
    const { ctx, commands } = fakeContext([{ ok: 1, n: 2 }]);
    await touchConversations(ctx, record);
    expect(commands).toEqual([
      {
        update: 'conversations',
        updates: [
          {
            q: { ownerId: record.senderId, otherId: record.receiverId },
            u: {
              $set: { lastMessageId: record._id, lastMessageAt: record.createdAt },
              $setOnInsert: { itemId: null },
            },
            upsert: true,
          },
          {
            q: { ownerId: record.receiverId, otherId: record.senderId },
            u: {
              $set: { lastMessageId: record._id, lastMessageAt: record.createdAt },
              $setOnInsert: { itemId: null },
            },
            upsert: true,
          },
        ],
        ordered: false,
      },
    ]);
  });

  it('runs again once when a row was inserted concurrently (duplicate key), and reports any other write error', async () => {
    const duplicate = { ok: 1, writeErrors: [{ index: 1, code: 11000, errmsg: 'E11000 duplicate key' }] };
    const retried = fakeContext([duplicate, { ok: 1 }]);
    await touchConversations(retried.ctx, record);
    expect(retried.commands).toHaveLength(2);

    const twice = fakeContext([duplicate, duplicate]);
    await expect(touchConversations(twice.ctx, record)).rejects.toMatchObject({ code: 11000 });
    const other = fakeContext([{ ok: 1, writeErrors: [{ index: 0, code: 2, errmsg: 'bad value' }] }]);
    await expect(touchConversations(other.ctx, record)).rejects.toThrow('bad value');
    expect(other.commands).toHaveLength(1);
  });
});
