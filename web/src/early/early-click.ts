import { EARLY_CLICK_PROPERTY } from '@nomadswap/contracts/render-session';

/*
 * A signed-in page the gateway rendered (`/profile`) is on screen before the app: its buttons, tabs and checkboxes
 * cannot act yet. prerender-gate.js keeps the last tap on one of them (its place under the markup's wrapper, its
 * tag and text) instead of losing it; React's first commit puts the same page in #root, child for child, and this
 * taps the control at that place once more — the whole press and release, as a mouse does — only when it is still
 * the same control (same tag and text), never another one.
 */

interface EarlyClick {
  path: number[];
  tag: string;
  text: string | null;
}

/** Replays the tap the gate kept on the same control under `container`; returns the control, or null. */
export function replayEarlyClick(container: Element, win: Window = window): HTMLElement | null {
  const store = win as unknown as Record<string, EarlyClick | undefined>;
  const click = store[EARLY_CLICK_PROPERTY];
  delete store[EARLY_CLICK_PROPERTY];
  if (!click || !Array.isArray(click.path)) return null;
  let node: Element | undefined = container;
  for (const index of click.path) node = node?.children[index];
  if (!(node instanceof HTMLElement) || node.tagName !== click.tag || node.textContent !== click.text)
    return null;
  tap(node);
  return node;
}

/**
 * A mouse's whole tap on `node`, as a pointer gives it: Radix's menus open on the press (pointerdown), its tabs
 * on mousedown, buttons and checkboxes on the click — a click alone would open no menu.
 */
function tap(node: HTMLElement) {
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  const press = { bubbles: true, cancelable: true, composed: true, button: 0 };
  const pointer = { pointerType: 'mouse', isPrimary: true, pointerId: 1 };
  node.focus();
  node.dispatchEvent(new Pointer('pointerdown', { ...press, ...pointer, buttons: 1 }));
  node.dispatchEvent(new MouseEvent('mousedown', { ...press, buttons: 1 }));
  node.dispatchEvent(new Pointer('pointerup', { ...press, ...pointer, buttons: 0 }));
  node.dispatchEvent(new MouseEvent('mouseup', { ...press, buttons: 0 }));
  node.click();
}
