import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredSection } from './deferred-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Page() {
  return (
    <>
      <a href="/above">Above the fold</a>
      <DeferredSection className="[--deferred-height:500px]">
        <section aria-label="Later">
          <a href="/later">A link below the fold</a>
        </section>
      </DeferredSection>
      <a href="/footer">Footer</a>
    </>
  );
}

/** requestIdleCallback whose callbacks the test runs. */
function stubIdle() {
  const callbacks: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => callbacks.push(callback));
  vi.stubGlobal('cancelIdleCallback', vi.fn());
  return () =>
    act(() => {
      callbacks.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 10 }));
    });
}

describe('DeferredSection', () => {
  it('renders a placeholder of the given height first, the section once the browser is idle, in the tab order', async () => {
    const runIdle = stubIdle();
    render(<Page />);

    expect(screen.queryByRole('region', { name: 'Later' })).toBeNull();
    expect(screen.getByTestId('deferred-placeholder')).toHaveClass('h-(--deferred-height)');
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    // Before it renders, the keyboard goes from above the fold to the footer.
    expect(screen.getByRole('link', { name: 'Footer' })).toHaveFocus();

    runIdle();
    expect(await screen.findByRole('region', { name: 'Later' })).toBeVisible();
    expect(screen.queryByTestId('deferred-placeholder')).toBeNull();
    screen.getByRole('link', { name: 'Above the fold' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'A link below the fold' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Footer' })).toHaveFocus();
  });

  it('renders at once when its placeholder comes near the viewport, before the browser is idle', async () => {
    stubIdle();
    let notify: IntersectionObserverCallback = () => {};
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          notify = callback;
        }
        observe = observe;
        disconnect() {}
      },
    );
    render(<Page />);
    expect(observe).toHaveBeenCalledWith(screen.getByTestId('deferred-placeholder'));

    act(() => notify([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.queryByRole('region', { name: 'Later' })).toBeNull();
    act(() => notify([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByRole('region', { name: 'Later' })).toBeVisible();
  });

  it('without requestIdleCallback, renders after a timer', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    render(<Page />);
    expect(screen.queryByRole('region', { name: 'Later' })).toBeNull();
    expect(await screen.findByRole('region', { name: 'Later' })).toBeVisible();
  });

  it('once rendered, lets the browser skip its layout while it is off screen', async () => {
    const runIdle = stubIdle();
    render(<Page />);
    runIdle();
    const wrapper = (await screen.findByRole('region', { name: 'Later' })).parentElement!;
    expect(wrapper).toHaveClass('[content-visibility:auto]');
    expect(wrapper).toHaveClass('[--deferred-height:500px]');
  });
});
