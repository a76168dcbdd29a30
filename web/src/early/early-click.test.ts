import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CLICK_PROPERTY } from '@nomadswap/contracts/render-session';
import { replayEarlyClick } from './early-click';

const store = window as unknown as Record<string, unknown>;

describe('replayEarlyClick', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete store[EARLY_CLICK_PROPERTY];
  });

  /** The app's page as its first commit puts it into #root. */
  function appPage() {
    document.body.innerHTML =
      '<div id="root"><main><p>Hello</p><div><button type="button">Edit Profile</button><a href="/x">X</a></div></main></div>';
    const root = document.getElementById('root')!;
    const button = root.querySelector('button')!;
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    return { root, button, clicked };
  }

  it('taps and focuses the control at the kept place once, when it is still the same control', () => {
    const { root, button, clicked } = appPage();
    // A whole tap, as a mouse gives it: a menu opens on the press, a tab on mousedown, a button on the click.
    const seen: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
      button.addEventListener(type, (event) => {
        expect((event as MouseEvent).button).toBe(0);
        expect(event.bubbles).toBe(true);
        seen.push(type);
      });
    store[EARLY_CLICK_PROPERTY] = { path: [0, 1, 0], tag: 'BUTTON', text: 'Edit Profile' };
    expect(replayEarlyClick(root)).toBe(button);
    expect(seen).toEqual(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button);
    // Once: the kept tap is gone.
    expect(store[EARLY_CLICK_PROPERTY]).toBeUndefined();
    expect(replayEarlyClick(root)).toBeNull();
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('taps nothing when the place holds another control, or nothing, or nothing was kept', () => {
    const { root, clicked } = appPage();
    for (const kept of [
      { path: [0, 1, 0], tag: 'BUTTON', text: 'Delete Account' },
      { path: [0, 1, 1], tag: 'BUTTON', text: 'Edit Profile' },
      { path: [0, 1, 5], tag: 'BUTTON', text: 'Edit Profile' },
      { path: [3, 0], tag: 'BUTTON', text: 'Edit Profile' },
      { path: 'x', tag: 'BUTTON', text: 'Edit Profile' },
      undefined,
    ]) {
      store[EARLY_CLICK_PROPERTY] = kept;
      expect(replayEarlyClick(root), JSON.stringify(kept)).toBeNull();
    }
    expect(clicked).not.toHaveBeenCalled();
  });
});
