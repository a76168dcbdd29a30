import { SOCKET_EVENT_BUDGET } from '@nomadswap/contracts/socket-events';

export interface EventBudgetLimits {
  burst: number;
  perSecond: number;
  floodRefusals: number;
  floodWindowMs: number;
}

/** What the budget says about one more event: handle it, drop it, or drop it and close the flooding socket. */
export type BudgetVerdict = 'ok' | 'refused' | 'flood';

export interface EventBudget {
  take(): BudgetVerdict;
}

/**
 * One socket's event budget: a token bucket (`burst`, refilled at `perSecond`) and a count of the events it
 * refused in the current `floodWindowMs` window; reaching `floodRefusals` is a flood. In memory: a socket lives
 * on one replica, and its budget goes with it.
 */
export function createEventBudget(
  limits: EventBudgetLimits = SOCKET_EVENT_BUDGET,
  now: () => number = Date.now,
): EventBudget {
  let tokens = limits.burst;
  let refilledAt = now();
  let refusals = 0;
  let windowStart = 0;
  return {
    take() {
      const time = now();
      tokens = Math.min(limits.burst, tokens + ((time - refilledAt) / 1000) * limits.perSecond);
      refilledAt = time;
      if (tokens >= 1) {
        tokens -= 1;
        return 'ok';
      }
      if (time - windowStart > limits.floodWindowMs) {
        windowStart = time;
        refusals = 0;
      }
      refusals += 1;
      return refusals >= limits.floodRefusals ? 'flood' : 'refused';
    },
  };
}
