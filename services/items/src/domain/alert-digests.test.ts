import { describe, expect, it, vi } from 'vitest';
import { ALERT_LIMITS } from '@nomadswap/contracts/alerts';
import { newId } from '../data/ids';
import { alertBrowsePath, isVisibleListing, planAlertDigest } from './alert-digests';

/*
 * The alert digests' pure pieces, without stores (issue 21: the mutation run found a suspended owner's hidden
 * items and the digest's plan untested; the job's own suite, src/jobs/alert-digests.test.ts, runs the whole).
 */

const NOW = new Date('2027-05-01T12:00:00.000Z');
const listed = { isActive: true, isSwapped: false, expiredAt: null, ownerPaused: false, hiddenUntil: null };

describe('isVisibleListing', () => {
  it('hides an item while its owner’s suspension hides it, and shows it again from that moment on', () => {
    expect(isVisibleListing(listed, NOW)).toBe(true);
    const until = (ms: number) => ({ ...listed, hiddenUntil: new Date(NOW.getTime() + ms) });
    expect(isVisibleListing(until(1), NOW)).toBe(false);
    expect(isVisibleListing(until(0), NOW)).toBe(true);
    expect(isVisibleListing(until(-1), NOW)).toBe(true);
  });

  it('hides one not listed (swapped, expired, inactive) or whose owner is in transit', () => {
    expect(isVisibleListing({ ...listed, isSwapped: true }, NOW)).toBe(false);
    expect(isVisibleListing({ ...listed, expiredAt: NOW }, NOW)).toBe(false);
    expect(isVisibleListing({ ...listed, isActive: false }, NOW)).toBe(false);
    expect(isVisibleListing({ ...listed, ownerPaused: true }, NOW)).toBe(false);
  });
});

describe('alertBrowsePath', () => {
  it('browses the alert’s city, and its category when it has one', () => {
    const alert = { location: 'Porto, Portugal', placeId: '2735943', category: null };
    expect(alertBrowsePath(alert)).toBe('/browse?location=Porto%2C+Portugal&placeId=2735943');
    expect(alertBrowsePath({ ...alert, category: 'Books' as const })).toBe(
      '/browse?location=Porto%2C+Portugal&placeId=2735943&category=Books',
    );
  });
});

describe('planAlertDigest', () => {
  const plan = async (lastDigestAt: Date | null) => {
    const add = vi.fn(async () => undefined);
    const _id = newId();
    const jobId = await planAlertDigest(
      { alertDigests: { add } as never, now: () => NOW },
      { _id, lastDigestAt },
    );
    return { add, id: _id.toHexString(), jobId };
  };

  it('plans the first digest at once, named after the alert and "no digest yet"', async () => {
    const { add, id, jobId } = await plan(null);
    expect(jobId).toBe(`alert-digest-${id}-0`);
    expect(add).toHaveBeenCalledWith('digest', { alertId: id, after: 0 }, { jobId, delay: 0 });
  });

  it('plans the next one a digest interval after the last, at once when that is past', async () => {
    const last = new Date(NOW.getTime() - 3_600_000);
    const { add, id, jobId } = await plan(last);
    expect(jobId).toBe(`alert-digest-${id}-${last.getTime()}`);
    expect(add).toHaveBeenCalledWith(
      'digest',
      { alertId: id, after: last.getTime() },
      { jobId, delay: ALERT_LIMITS.digestIntervalMs - 3_600_000 },
    );
    const long = new Date(NOW.getTime() - ALERT_LIMITS.digestIntervalMs - 1);
    expect((await plan(long)).add.mock.calls[0]).toEqual([
      'digest',
      expect.anything(),
      expect.objectContaining({ delay: 0 }),
    ]);
  });
});
