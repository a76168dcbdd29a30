import { describe, expect, it } from 'vitest';
import { SOCKET_EVENT_BUDGET } from '@nomadswap/contracts/socket-events';
import { createEventBudget } from './event-budget';

const clock = () => {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
};

describe('socket event budget', () => {
  it('allows a burst of exactly `burst` events, then refills at `perSecond`', () => {
    const time = clock();
    const budget = createEventBudget(SOCKET_EVENT_BUDGET, time.now);
    const verdicts = Array.from({ length: SOCKET_EVENT_BUDGET.burst + 1 }, () => budget.take());
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(SOCKET_EVENT_BUDGET.burst);
    expect(verdicts.at(-1)).toBe('refused');
    time.advance(1000 / SOCKET_EVENT_BUDGET.perSecond);
    expect(budget.take()).toBe('ok');
    expect(budget.take()).toBe('refused');
    // Sustained at the rate, never refused.
    for (let i = 0; i < 100; i++) {
      time.advance(1000 / SOCKET_EVENT_BUDGET.perSecond);
      expect(budget.take()).toBe('ok');
    }
  });

  it('calls it a flood at `floodRefusals` refusals within the window, not at one less or spread out', () => {
    const limits = { burst: 2, perSecond: 1, floodRefusals: 5, floodWindowMs: 10_000 };
    const time = clock();
    const budget = createEventBudget(limits, time.now);
    budget.take();
    budget.take();
    expect(Array.from({ length: 4 }, () => budget.take())).toEqual(Array(4).fill('refused'));
    expect(budget.take()).toBe('flood');

    const spread = createEventBudget(limits, time.now);
    spread.take();
    spread.take();
    for (let i = 0; i < 4; i++) expect(spread.take()).toBe('refused');
    time.advance(limits.floodWindowMs + 1);
    // The window passed: its refusals no longer count (the bucket refilled too; empty it again).
    spread.take();
    spread.take();
    expect(spread.take()).toBe('refused');
  });
});
