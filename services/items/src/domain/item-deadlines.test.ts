import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_DEADLINE_LIMITS } from '@nomadswap/contracts/items';
import { MSG } from '@nomadswap/contracts/messages';
import { ValidationError } from '@nomadswap/service-kit/errors';
import type { TestSession } from '@nomadswap/service-kit/testing';
import type { ItemRecord } from '../data/item';
import { oid } from '../data/ids';
import { buildItem } from '../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../test/support/items-test-env';
import { expireItem, plannedDeadlineJobs, resolveAvailableUntil, syncItemDeadline } from './item-deadlines';

/* What the listing-deadline code does at its edges, found by mutation testing (issue 21). */
const HOUR = 3_600_000;
const NOW = new Date('2027-06-01T12:00:00.000Z');

let env: ItemsTestEnv;
let owner: TestSession;
beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false, settings: { imageWaitMs: 0 } });
  owner = await env.signIn();
});
afterAll(() => env.close());

describe('resolveAvailableUntil', () => {
  const clock = { now: () => NOW };
  const item = { location: 'Lisbon, Portugal', placeId: null };
  const refusal = (value: string) => {
    try {
      resolveAvailableUntil(clock, { value, item });
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).message;
    }
    return null;
  };

  it('refuses what is not a date, as an invalid deadline', () => {
    expect(refusal('not a date')).toBe(MSG.availableUntilInvalid);
  });

  it('a date-time at the minute ahead and the year ahead is taken; one millisecond outside is refused', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
    expect(refusal(at(ITEM_DEADLINE_LIMITS.minAheadMs))).toBeNull();
    expect(refusal(at(ITEM_DEADLINE_LIMITS.minAheadMs - 1))).toBe(MSG.availableUntilPast);
    expect(refusal(at(ITEM_DEADLINE_LIMITS.maxAheadMs))).toBeNull();
    expect(refusal(at(ITEM_DEADLINE_LIMITS.maxAheadMs + 1))).toBe(MSG.availableUntilTooFar);
  });
});

describe('syncItemDeadline', () => {
  /** A deadlines queue that records what it is asked. */
  function recorder(now: Date) {
    const added: { id: string; delay: number }[] = [];
    const removed: string[] = [];
    const ctx = {
      now: () => now,
      deadlines: {
        add: async (_name: string, _data: unknown, opts: { jobId: string; delay: number }) => {
          added.push({ id: opts.jobId, delay: opts.delay });
        },
        remove: async (id: string) => {
          removed.push(id);
        },
      },
    } as unknown as Parameters<typeof syncItemDeadline>[0];
    return { ctx, added, removed };
  }
  const listed = (availableUntil: Date | null) =>
    ({
      _id: oid('0000000000000000000000aa'),
      userId: oid('0000000000000000000000bb'),
      availableUntil,
      isActive: true,
      isSwapped: false,
      expiredAt: null,
    }) as Parameters<typeof plannedDeadlineJobs>[0];

  it('adds the expiry and the reminders still ahead (not one whose moment is now or past), with their delays', async () => {
    // The 6 h reminder is exactly now: it is not added; the 48 h one passed long ago.
    const deadline = new Date(NOW.getTime() + 6 * HOUR);
    const { ctx, added, removed } = recorder(NOW);
    await syncItemDeadline(ctx, null, listed(deadline));
    const [expire] = plannedDeadlineJobs(listed(deadline));
    expect(added).toEqual([{ id: expire!.id, delay: 6 * HOUR }]);
    expect(removed).toEqual([]);

    const later = new Date(NOW.getTime() + 6 * HOUR + 1);
    const second = recorder(NOW);
    await syncItemDeadline(second.ctx, null, listed(later));
    expect(second.added.map((job) => job.delay)).toEqual([6 * HOUR + 1, 1]);
  });

  it('a moved deadline removes the old expiry only; a removed one adds nothing', async () => {
    const old = new Date(NOW.getTime() + 100 * HOUR);
    const moved = new Date(NOW.getTime() + 200 * HOUR);
    const { ctx, added, removed } = recorder(NOW);
    await syncItemDeadline(ctx, listed(old), listed(moved));
    expect(removed).toEqual([plannedDeadlineJobs(listed(old))[0]!.id]);
    expect(added.map((job) => job.id)).toEqual(plannedDeadlineJobs(listed(moved)).map((job) => job.id));

    const gone = recorder(NOW);
    await syncItemDeadline(gone.ctx, listed(old), listed(null));
    expect(gone.removed).toEqual([plannedDeadlineJobs(listed(old))[0]!.id]);
    expect(gone.added).toEqual([]);
  });
});

describe('expireItem', () => {
  it('when the item changes between its read and its write, it reads again and still expires it', async () => {
    const at = new Date(NOW.getTime() - HOUR);
    const item = await buildItem(env, { userId: owner.id, availableUntil: at });
    let reads = 0;
    const items = new Proxy(env.ctx.items, {
      get(target, key, receiver) {
        if (key !== 'findById') return Reflect.get(target, key, receiver);
        return (id: unknown) => {
          const query = target.findById(id);
          const lean = query.lean.bind(query);
          return Object.assign(query, {
            lean: async <T>() => {
              const read = (await lean()) as T;
              // Someone else writes the item right after the first read.
              if (reads++ === 0) await target.updateOne({ _id: item._id }, { $inc: { version: 1 } });
              return read;
            },
          });
        };
      },
    });
    const outcome = await expireItem({ ...env.ctx, items, now: () => NOW }, { itemId: item._id, at });
    expect(outcome).toBe('expired');
    expect(reads).toBe(2);
    const stored = await env.ctx.items.findById(item._id).lean<ItemRecord>();
    expect(stored?.expiredAt?.toISOString()).toBe(NOW.toISOString());
  });
});
