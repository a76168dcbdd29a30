import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './when-near-viewport';

/** A controllable IntersectionObserver: `enter()` tells every observer its element came near. */
function fakeObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  const options: (IntersectionObserverInit | undefined)[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      callbacks.push(callback);
      options.push(init);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    options,
    enter: () =>
      act(() => {
        for (const callback of callbacks) {
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenNearViewport', () => {
  it('holds a placeholder until the place comes within the margin of the viewport, then renders', () => {
    const observer = fakeObserver();
    render(
      <WhenNearViewport className="h-9">
        <button type="button">Switch</button>
      </WhenNearViewport>,
    );
    expect(screen.queryByRole('button', { name: 'Switch' })).not.toBeInTheDocument();
    expect(screen.getByTestId('near-viewport-placeholder')).toHaveClass('h-9');
    expect(observer.options[0]?.rootMargin).toBe('400px 0px');

    observer.enter();
    expect(screen.getByRole('button', { name: 'Switch' })).toBeInTheDocument();
    expect(screen.queryByTestId('near-viewport-placeholder')).not.toBeInTheDocument();
  });

  it('renders at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearViewport className="h-9">
        <button type="button">Switch</button>
      </WhenNearViewport>,
    );
    expect(screen.getByRole('button', { name: 'Switch' })).toBeInTheDocument();
  });

  it('hydrates its markup as it is, the placeholder, and renders the children once near', async () => {
    const observer = fakeObserver();
    const ui = (
      <WhenNearViewport className="h-9">
        <button type="button">Switch</button>
      </WhenNearViewport>
    );
    const container = document.createElement('div');
    document.body.append(container);
    // (A server has no window and no IntersectionObserver: it renders the placeholder too — the gateway's test.)
    container.innerHTML = renderToString(ui);
    const placeholder = screen.getByTestId('near-viewport-placeholder');
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: recoverable }));

    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByTestId('near-viewport-placeholder')).toBe(placeholder);
    observer.enter();
    expect(screen.getByRole('button', { name: 'Switch' })).toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });
});
