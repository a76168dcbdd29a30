import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadIdle } from './use-after-load-idle';

function setReadyState(state: DocumentReadyState) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('afterLoadIdle', () => {
  it('waits for the load event, then for an idle moment', () => {
    setReadyState('interactive');
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    const callback = vi.fn();
    afterLoadIdle(callback);

    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(callback).not.toHaveBeenCalled();
    idle[0]!({ didTimeout: false, timeRemaining: () => 10 });
    expect(callback).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('after the load, only waits for idle; without requestIdleCallback, a timer', () => {
    vi.useFakeTimers();
    setReadyState('complete');
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    afterLoadIdle(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('cancelled before the load, never runs', () => {
    vi.useFakeTimers();
    setReadyState('loading');
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    const cancel = afterLoadIdle(callback);
    cancel();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
