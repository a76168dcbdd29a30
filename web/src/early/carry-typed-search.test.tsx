import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { carryTypedSearch } from './carry-typed-search';

/** The app's search box: controlled, as web/src/features/items/components/search-bar.tsx is. */
function AppSearch({ initial = '' }: { initial?: string }) {
  const [q, setQ] = useState(initial);
  return (
    <main>
      <form role="search">
        <input type="search" aria-label="Search" value={q} onChange={(event) => setQ(event.target.value)} />
      </form>
      <output>{q}</output>
    </main>
  );
}

// React's act() warns unless told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** #root holding the markup a page arrives with (its search box carries the URL's text, if any). */
function renderedPage(value = '') {
  const container = document.createElement('div');
  container.innerHTML = `<div data-prerendered-page><form role="search"><input type="search" value="${value}"></form></div>`;
  document.body.append(container);
  const rendered = container.firstElementChild!;
  return { container, rendered, field: rendered.querySelector('input')! };
}

/** The app's first commit: it replaces the markup with its own page. */
async function appTakesOver(container: HTMLElement, initial?: string) {
  root = createRoot(container);
  await act(async () => root!.render(<AppSearch initial={initial} />));
  // The watcher answers the removal in a microtask; the state update it causes renders in the next act.
  await act(async () => undefined);
  return container.querySelector<HTMLInputElement>('main input')!;
}

describe('carryTypedSearch', () => {
  it("gives the app's search box what was typed before it came, with the focus and caret", async () => {
    const { container, rendered, field } = renderedPage();
    carryTypedSearch(container, rendered);
    field.focus();
    field.value = 'camping ten';
    field.setSelectionRange(4, 4);

    const after = await appTakesOver(container);
    expect(rendered.isConnected).toBe(false);
    expect(after.value).toBe('camping ten');
    // React's state has it (a search submits the state, not the DOM's value).
    expect(container.querySelector('output')!.textContent).toBe('camping ten');
    expect(document.activeElement).toBe(after);
    expect([after.selectionStart, after.selectionEnd]).toEqual([4, 4]);
  });

  it('leaves the app alone when nothing was typed and the box was not focused', async () => {
    const { container, rendered } = renderedPage('tent');
    carryTypedSearch(container, rendered);
    const after = await appTakesOver(container, 'tent');
    expect(after.value).toBe('tent');
    expect(document.activeElement).not.toBe(after);
  });

  it('does not take the focus back when the visitor had left the box', async () => {
    const { container, rendered, field } = renderedPage();
    carryTypedSearch(container, rendered);
    field.focus();
    field.value = 'bike';
    field.blur();
    await Promise.resolve();

    const after = await appTakesOver(container);
    expect(after.value).toBe('bike');
    expect(document.activeElement).not.toBe(after);
  });
});
