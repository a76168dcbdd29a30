import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterElementPainted, afterFirstPaint } from './after-first-paint';

/** A stand-in for the browser's PerformanceObserver: the test reports paint entries when it chooses. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint', 'largest-contentful-paint', 'resource'];
  static instances: FakePaintObserver[] = [];
  observed: PerformanceObserverInit[] = [];
  disconnected = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePaintObserver.instances.push(this);
  }
  observe(options: PerformanceObserverInit) {
    this.observed.push(options);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser reports entries named so (each a paint entry). */
  report(...names: string[]) {
    const entries = names.map((name) => ({ name, entryType: 'paint', startTime: 120, duration: 0 }));
    const list = {
      getEntries: () => entries,
      getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name),
      getEntriesByType: (type: string) => entries.filter((entry) => entry.entryType === type),
    };
    this.callback(list as unknown as PerformanceObserverEntryList, this as unknown as PerformanceObserver);
  }
  /** The browser reports largest-contentful-paint entries for these elements. */
  reportLargest(...elements: Element[]) {
    const entries = elements.map((element) => ({
      name: '',
      entryType: 'largest-contentful-paint',
      startTime: 240,
      duration: 0,
      element,
    }));
    const list = { getEntries: () => entries };
    this.callback(list as unknown as PerformanceObserverEntryList, this as unknown as PerformanceObserver);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakePaintObserver.instances = [];
  FakePaintObserver.supportedEntryTypes = ['paint', 'largest-contentful-paint', 'resource'];
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint (buffered: one that already happened counts), not for a first paint without content', () => {
    const then = vi.fn();
    afterFirstPaint(then);
    const [observer] = FakePaintObserver.instances;
    expect(observer?.observed).toEqual([{ type: 'paint', buffered: true }]);

    vi.advanceTimersByTime(999);
    observer!.report('first-paint');
    expect(then).not.toHaveBeenCalled();

    observer!.report('first-contentful-paint');
    expect(then).toHaveBeenCalledTimes(1);
    expect(observer!.disconnected).toBe(true);

    // Neither a second report nor the fallback runs it again.
    observer!.report('first-contentful-paint');
    vi.advanceTimersByTime(5000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at its fallback when no paint is reported: not 1 ms before, once at it', () => {
    const then = vi.fn();
    afterFirstPaint(then, 1000);
    vi.advanceTimersByTime(999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    expect(FakePaintObserver.instances[0]!.disconnected).toBe(true);
    FakePaintObserver.instances[0]!.report('first-contentful-paint');
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('without paint timing (no observer, or one that has no paint entries): after the next frame', () => {
    for (const missing of ['no observer', 'no paint entries'] as const) {
      if (missing === 'no observer') vi.stubGlobal('PerformanceObserver', undefined);
      else FakePaintObserver.supportedEntryTypes = ['resource'];
      const frames: FrameRequestCallback[] = [];
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      const then = vi.fn();
      afterFirstPaint(then);
      expect(FakePaintObserver.instances).toHaveLength(0);
      vi.advanceTimersByTime(0);
      expect(then, missing).not.toHaveBeenCalled();
      frames.forEach((frame) => frame(16));
      expect(then, missing).not.toHaveBeenCalled();
      vi.advanceTimersByTime(0);
      expect(then, missing).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(5000);
      expect(then, missing).toHaveBeenCalledTimes(1);
    }
  });
});

describe('afterElementPainted', () => {
  it("waits for the element's own largest-contentful-paint entry (buffered), not another element's", () => {
    const photo = document.createElement('img');
    const heading = document.createElement('h1');
    const then = vi.fn();
    afterElementPainted(photo, then);
    const [observer] = FakePaintObserver.instances;
    expect(observer?.observed).toEqual([{ type: 'largest-contentful-paint', buffered: true }]);

    observer!.report('first-contentful-paint');
    observer!.reportLargest(heading);
    vi.advanceTimersByTime(499);
    expect(then).not.toHaveBeenCalled();

    observer!.reportLargest(heading, photo);
    expect(then).toHaveBeenCalledTimes(1);
    expect(observer!.disconnected).toBe(true);
    observer!.reportLargest(photo);
    vi.advanceTimersByTime(5000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at its fallback (500 ms) when no entry names the element: not 1 ms before, once at it', () => {
    const then = vi.fn();
    afterElementPainted(document.createElement('img'), then);
    vi.advanceTimersByTime(499);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    expect(FakePaintObserver.instances[0]!.disconnected).toBe(true);
  });

  it('without largest-contentful-paint entries (a browser without them): after the next frame', () => {
    FakePaintObserver.supportedEntryTypes = ['paint', 'resource'];
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const then = vi.fn();
    afterElementPainted(document.createElement('img'), then);
    expect(FakePaintObserver.instances).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(then).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(16));
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
