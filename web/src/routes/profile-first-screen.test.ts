import { describe, expect, it, vi } from 'vitest';

/*
 * `/profile`'s Swaps tab shows each swap's next step in one line; the swap cards (with their dialogs, 15 KiB) are
 * the chat's. The line's texts live in features/exchanges/utils/step-texts.ts so that the page does not download
 * and run the cards before its first paint (issue 25). Here the cards cannot be loaded at all.
 */
vi.mock('../features/exchanges/components/exchange-step-card', () => {
  throw new Error("the swap cards were imported by /profile's modules");
});

describe("/profile's modules", () => {
  it('import without the swap cards', async () => {
    await expect(import('./profile')).resolves.toHaveProperty('default');
  });

  it('the guard itself: the chat, which shows the cards, cannot be imported here', async () => {
    await expect(import('./messages')).rejects.toThrow();
  });
});
