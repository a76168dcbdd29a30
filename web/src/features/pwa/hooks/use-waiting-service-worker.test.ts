import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWaitingServiceWorker } from './use-waiting-service-worker';

/** A browser's service worker container with one registration the test drives. */
function fakeServiceWorkers({ controlled, waiting }: { controlled: boolean; waiting?: ServiceWorker }) {
  const registration = Object.assign(new EventTarget(), {
    waiting: waiting ?? null,
    installing: null as ServiceWorker | null,
    update: vi.fn(async () => undefined),
  });
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(async () => registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  /** A new version is found and installs: it then waits for the old one's pages to go. */
  const installUpdate = () => {
    const worker = Object.assign(new EventTarget(), { state: 'installing' }) as unknown as ServiceWorker;
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    Object.assign(worker, { state: 'installed' });
    worker.dispatchEvent(new Event('statechange'));
    return worker;
  };
  return { container, installUpdate };
}

beforeEach(() => {
  vi.stubEnv('PROD', true);
});

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('useWaitingServiceWorker', () => {
  it('registers /sw.js and offers a new version once it is installed and waiting', async () => {
    const { container, installUpdate } = fakeServiceWorkers({ controlled: true });
    const { result } = renderHook(() => useWaitingServiceWorker());
    await waitFor(() => expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' }));
    expect(result.current[0]).toBeNull();

    const worker = await act(async () => installUpdate());
    expect(result.current[0]).toBe(worker);
  });

  it('offers a version that was already waiting when the page loaded', async () => {
    const waiting = new EventTarget() as ServiceWorker;
    fakeServiceWorkers({ controlled: true, waiting });
    const { result } = renderHook(() => useWaitingServiceWorker());
    await waitFor(() => expect(result.current[0]).toBe(waiting));
  });

  it('a first install (no worker controls the page yet) is not an update: nothing is offered', async () => {
    const { container, installUpdate } = fakeServiceWorkers({ controlled: false });
    const { result } = renderHook(() => useWaitingServiceWorker());
    await waitFor(() => expect(container.register).toHaveBeenCalled());
    await act(async () => void installUpdate());
    expect(result.current[0]).toBeNull();
  });
});
