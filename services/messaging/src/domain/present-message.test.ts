import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGING_SETTINGS, type MessagingSettings } from '@nomadswap/contracts/messaging';
import type { ChatUser } from '@nomadswap/contracts/responses';
import { oid } from '../data/ids';
import type { MessageRecord } from '../data/message';
import { presentMessage } from './present-messages';

/** One message as each side sees it, read receipts included, without stores (issue 21). */
const id = (n: number) => oid(n.toString(16).padStart(24, '0'));
const hex = (n: number) => id(n).toHexString();
const SENDER = 1;
const RECEIVER = 2;
const SENT = new Date('2030-01-01T10:00:00.000Z');
const READ = new Date('2030-01-01T10:05:00.000Z');

const chatUser = (n: number, fullName: string): ChatUser => ({
  id: hex(n),
  fullName,
  username: fullName.toLowerCase(),
  avatar: null,
  rating: 0,
  reviewCount: 0,
  deleted: false,
});
const users = new Map([
  [hex(SENDER), chatUser(SENDER, 'Ana')],
  [hex(RECEIVER), chatUser(RECEIVER, 'Bo')],
]);
const record = (overrides: Partial<MessageRecord> = {}): MessageRecord => ({
  _id: id(100),
  senderId: id(SENDER),
  receiverId: id(RECEIVER),
  content: 'Hello',
  clientId: 'c-1',
  itemId: null,
  exchangeId: null,
  isRead: true,
  readAt: READ,
  createdAt: SENT,
  ...overrides,
});
const receipts = (sender: boolean | undefined, receiver: boolean | undefined) => {
  const settings = new Map<string, MessagingSettings>();
  const set = (n: number, on: boolean) =>
    settings.set(hex(n), { ...DEFAULT_MESSAGING_SETTINGS, readReceipts: on });
  if (sender !== undefined) set(SENDER, sender);
  if (receiver !== undefined) set(RECEIVER, receiver);
  return settings;
};
const seen = (
  viewer: number,
  settings: Map<string, MessagingSettings>,
  more: Partial<MessageRecord> = {},
) => {
  const message = presentMessage(record(more), hex(viewer), users, settings);
  return [message.isRead, message.readAt];
};

describe('presentMessage', () => {
  it('the message with both participants', () => {
    expect(
      presentMessage(
        record({ itemId: id(30), exchangeId: id(40) }),
        hex(RECEIVER),
        users,
        receipts(true, true),
      ),
    ).toEqual({
      id: hex(100),
      senderId: hex(SENDER),
      receiverId: hex(RECEIVER),
      exchangeId: hex(40),
      itemId: hex(30),
      content: 'Hello',
      safetyWarning: null,
      isRead: true,
      readAt: READ.toISOString(),
      clientId: 'c-1',
      createdAt: SENT.toISOString(),
      sender: users.get(hex(SENDER)),
      receiver: users.get(hex(RECEIVER)),
    });
  });

  it('the sender sees "Seen" only when both have read receipts on (on by default)', () => {
    expect(seen(SENDER, receipts(true, true))).toEqual([true, READ.toISOString()]);
    expect(seen(SENDER, receipts(undefined, undefined))).toEqual([true, READ.toISOString()]);
    expect(seen(SENDER, receipts(false, true))).toEqual([false, null]);
    expect(seen(SENDER, receipts(true, false))).toEqual([false, null]);
    expect(seen(SENDER, receipts(undefined, false))).toEqual([false, null]);
    expect(seen(SENDER, receipts(false, undefined))).toEqual([false, null]);
  });

  it('the receiver always sees their own read state; unread is unread for both', () => {
    expect(seen(RECEIVER, receipts(false, false))).toEqual([true, READ.toISOString()]);
    expect(seen(RECEIVER, receipts(true, true), { isRead: false, readAt: null })).toEqual([false, null]);
    expect(seen(SENDER, receipts(true, true), { isRead: false, readAt: null })).toEqual([false, null]);
  });

  it('a safety warning is shown to the receiver only', () => {
    const flagged = record({ safetyWarning: 'payment' });
    expect(presentMessage(flagged, hex(RECEIVER), users, receipts(true, true)).safetyWarning).toBe('payment');
    expect(presentMessage(flagged, hex(SENDER), users, receipts(true, true)).safetyWarning).toBeNull();
  });

  it('a participant nobody knows any more is a deleted user', () => {
    const message = presentMessage(record(), hex(RECEIVER), new Map(), receipts(true, true));
    expect(message.sender).toMatchObject({ id: hex(SENDER), fullName: 'Deleted user', deleted: true });
    expect(message.receiver).toMatchObject({ id: hex(RECEIVER), fullName: 'Deleted user', deleted: true });
  });
});
