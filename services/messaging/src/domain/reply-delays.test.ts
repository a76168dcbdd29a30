import { describe, expect, it } from 'vitest';
import { oid } from '../data/ids';
import { median, replyDelays } from './get-reply-time';

/** How reply delays are counted, without stores (issue 21); the reply-time route test reads real messages. */
const ME = '65a1b2c3d4e5f60718293a4b';
const A = '65a1b2c3d4e5f60718293a4c';
const B = '65a1b2c3d4e5f60718293a4d';
const T0 = Date.UTC(2030, 0, 1);
const msg = (from: string, to: string, minute: number) => ({
  senderId: oid(from),
  receiverId: oid(to),
  createdAt: new Date(T0 + minute * 60_000),
});

describe('replyDelays', () => {
  it('is the time from a message received to the next answer, in time order whatever the input order', () => {
    expect(replyDelays(ME, [msg(ME, A, 5), msg(A, ME, 0), msg(A, ME, 10), msg(ME, A, 30)])).toEqual([
      5 * 60_000,
      20 * 60_000,
    ]);
  });

  it('counts only the first answer to a run of incoming messages, from the first of the run', () => {
    expect(replyDelays(ME, [msg(A, ME, 0), msg(A, ME, 3), msg(ME, A, 10), msg(ME, A, 11)])).toEqual([
      10 * 60_000,
    ]);
  });

  it('keeps each conversation apart, and a message nobody sent first is no reply', () => {
    expect(
      replyDelays(ME, [msg(ME, B, 0), msg(A, ME, 1), msg(B, ME, 2), msg(ME, B, 4), msg(ME, A, 7)]),
    ).toEqual([2 * 60_000, 6 * 60_000]);
    expect(replyDelays(ME, [msg(A, B, 0), msg(B, A, 1)])).toEqual([]);
  });
});

describe('median', () => {
  it('is the middle delay by value (not as text), whatever the order, leaving the delays as they were', () => {
    const delays = [100, 9, 10];
    // As text, 100 sorts between 10 and 9: the middle would be 100.
    expect(median(delays)).toBe(10);
    expect(delays).toEqual([100, 9, 10]);
    expect(median([5])).toBe(5);
  });

  it('is the mean of the two middle delays for an even count', () => {
    expect(median([100, 1, 10, 4])).toBe(7);
    expect(median([3, 8])).toBe(5.5);
  });
});
