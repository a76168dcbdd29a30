import { describe, expect, it } from 'vitest';
import type { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  createReplayFilter,
  createRestoreGapBuffer,
  streamIdBefore,
  withoutReplayedDuplicates,
} from './replayed-duplicates';

describe('streamIdBefore', () => {
  it('orders Redis stream ids by time, then sequence, numerically', () => {
    expect(streamIdBefore('1700000000000-5', '1700000000000-12')).toBe(true);
    expect(streamIdBefore('1700000000000-12', '1700000000000-5')).toBe(false);
    expect(streamIdBefore('999999999999-9', '1000000000000-0')).toBe(true);
    expect(streamIdBefore('1700000000000-1', '1700000000000-1')).toBe(false);
  });
});

describe('createReplayFilter', () => {
  it('leaves a restored socket out of entries up to its last replayed one, others and later entries untouched', () => {
    let now = 0;
    const filter = createReplayFilter(() => now);
    filter.remember({
      sid: 'restored',
      missedPackets: [
        ['message:new', {}, '100-1'],
        ['unread:count', {}, '100-3'],
      ],
    });
    filter.remember({ sid: 'nothing-missed', missedPackets: [] });
    expect(filter.size).toBe(1);

    for (const [offset, excluded] of [
      ['100-2', true],
      ['100-3', true],
      ['100-4', false],
      ['101-0', false],
    ] as const) {
      const except = new Set(['someone-else']);
      filter.exclude(except, offset);
      expect(except.has('restored')).toBe(excluded);
      expect(except.has('nothing-missed')).toBe(false);
    }
    now = 31_000;
    const except = new Set<string>();
    filter.exclude(except, '100-1');
    expect(except.size).toBe(0);
    expect(filter.size).toBe(0);
  });
});

describe('withoutReplayedDuplicates', () => {
  it('hooks the adapter: a restore is remembered and the next local delivery of a replayed entry skips that socket', async () => {
    const delivered: Set<string>[] = [];
    const fake = {
      restoreSession: async () => ({
        sid: 's1',
        pid: 'p1',
        rooms: ['user:1'],
        data: {},
        missedPackets: [['x', '5-0']],
      }),
      addOffsetIfNecessary(_packet: unknown, opts: { except: Set<string> }) {
        delivered.push(opts.except);
      },
    };
    const factory = (() => fake) as unknown as ReturnType<typeof createAdapter>;
    // Socket.IO constructs the adapter with `new`.
    const Wrapped = withoutReplayedDuplicates(factory) as unknown as new (nsp: unknown) => typeof fake;
    const adapter = new Wrapped({});
    await adapter.restoreSession();
    const hook = adapter.addOffsetIfNecessary as (packet: unknown, opts: unknown, offset: string) => void;
    hook({}, { except: new Set() }, '5-0');
    hook({}, { except: new Set() }, '5-1');
    expect(delivered.map((except) => [...except])).toEqual([['s1'], []]);
  });
});

describe('createRestoreGapBuffer', () => {
  it('keeps, until the socket connects, the events meant for its rooms, not others, and forgets one never taken', () => {
    let now = 0;
    const gap = createRestoreGapBuffer(() => now);
    gap.watch('sid-1', ['sid-1', 'user:1']);
    gap.hold(
      { type: 2, data: ['message:new', { n: 1 }, '5-0'] },
      { rooms: new Set(['user:1']), except: new Set() },
    );
    gap.hold(
      { type: 2, data: ['message:new', { n: 2 }, '5-1'] },
      { rooms: new Set(['user:2']), except: new Set() },
    );
    gap.hold(
      { type: 2, data: ['typing', {}, '5-2'] },
      { rooms: new Set(['user:1']), except: new Set(['sid-1']) },
    );
    gap.hold({ type: 3, data: ['ack'] }, { rooms: new Set(['user:1']) });
    gap.hold({ type: 2, data: ['presence', {}, '5-3'] }, { rooms: new Set() });
    expect(gap.take('sid-1')).toEqual([
      ['message:new', { n: 1 }, '5-0'],
      ['presence', {}, '5-3'],
    ]);
    expect(gap.take('sid-1')).toEqual([]);

    gap.watch('refused', ['user:3']);
    now = 31_000;
    gap.hold({ type: 2, data: ['message:new', {}, '6-0'] }, { rooms: new Set(['user:3']) });
    expect(gap.size).toBe(0);
  });

  it('keeps what was delivered while the replay was still being read, after the replay’s last entry only', () => {
    const gap = createRestoreGapBuffer();
    const recording = gap.record();
    const to = (room: string) => ({ rooms: new Set([room]), except: new Set<string>() });
    gap.hold({ type: 2, data: ['message:new', { n: 1 }, '7-0'] }, to('user:1'));
    gap.hold({ type: 2, data: ['message:new', { n: 2 }, '7-5'] }, to('user:1'));
    gap.hold({ type: 2, data: ['message:new', { n: 3 }, '7-6'] }, to('user:9'));
    gap.watch('sid-1', ['sid-1', 'user:1'], recording.stop(), '7-0');
    gap.hold({ type: 2, data: ['message:new', { n: 4 }, '7-7'] }, to('user:1'));
    expect(gap.take('sid-1')).toEqual([
      ['message:new', { n: 2 }, '7-5'],
      ['message:new', { n: 4 }, '7-7'],
    ]);
  });
});
