/*
 * A page rendered before the app (the build's home, the gateway's /browse) shows a real search box, and a visitor
 * on a slow phone may start typing in it before the app has arrived. The app's first commit replaces that markup
 * with its own page, which would drop the text and the focus (and the on-screen keyboard with it). This moves both
 * over to the app's search box once the markup is gone.
 */

const FIELD = 'form[role="search"] input[type="search"]';

/** Sets a React-controlled field's value the way typing would (React ignores a plain `.value =`). */
function typeInto(field: HTMLInputElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Watches `rendered` (the markup inside `container` that the app's first commit replaces) and, when it leaves
 * the page, gives the app's search box what the visitor typed into the rendered one, the focus and the caret.
 */
export function carryTypedSearch(container: HTMLElement, rendered: Element): void {
  const before = rendered.querySelector<HTMLInputElement>(FIELD);
  if (!before) return;
  let focused = before.ownerDocument.activeElement === before;
  before.addEventListener('focus', () => (focused = true));
  // A blur while the box is still on the page is the visitor leaving it; the one its removal may cause is not.
  before.addEventListener('blur', () => queueMicrotask(() => before.isConnected && (focused = false)));

  const observer = new MutationObserver(() => {
    if (rendered.isConnected) return;
    observer.disconnect();
    const after = container.querySelector<HTMLInputElement>(FIELD);
    if (!after) return;
    const typed = before.value;
    if (typed !== before.defaultValue && typed !== after.value) typeInto(after, typed);
    if (!focused) return;
    after.focus();
    after.setSelectionRange(before.selectionStart, before.selectionEnd);
  });
  observer.observe(container, { childList: true, subtree: true });
}
