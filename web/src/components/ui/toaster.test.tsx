import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@nomadswap/contracts/enums';
import { toast, type ToastOptions } from '../../hooks/use-toast';
import { Toaster } from './toaster';

const DURATION = LIMITS.toastDurationMs;

function show(options: ToastOptions) {
  act(() => void toast(options));
}

/** The live region a screen reader reads a toast from (polite or assertive). */
const liveRegion = (container: HTMLElement, politeness: 'polite' | 'assertive') =>
  container.querySelector<HTMLElement>(`[aria-live="${politeness}"]`)!;

const elapse = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

/** The toast on screen, found by its title. */
const toastNamed = (title: string) => screen.getByText(title).closest('li')!;

describe('Toaster', () => {
  it('shows one toast at a time: a new toast replaces the previous one', async () => {
    render(<Toaster />);
    show({ title: 'Item updated successfully!' });
    expect(await screen.findByText('Item updated successfully!')).toBeInTheDocument();

    show({ title: 'Failed to update item', description: 'Please try again.', variant: 'destructive' });

    expect(await screen.findByText('Failed to update item')).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Item updated successfully!')).not.toBeInTheDocument();
  });

  it('announces a confirmation politely and an error assertively, through regions that were there before', () => {
    const { container } = render(<Toaster />);
    const polite = liveRegion(container, 'polite');
    const assertive = liveRegion(container, 'assertive');
    expect(polite).toBeEmptyDOMElement();

    show({ title: 'Message sent!' });
    expect(liveRegion(container, 'polite')).toBe(polite);
    expect(polite).toHaveTextContent('Notifications: Message sent!');
    expect(assertive).toBeEmptyDOMElement();

    show({ title: 'Failed to send', description: 'Please try again.', variant: 'destructive' });
    expect(assertive).toHaveTextContent('Notifications: Failed to send Please try again.');
    expect(polite).toBeEmptyDOMElement();
  });

  it('closes by itself after exactly 5 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    show({ title: 'Saved' });

    elapse(DURATION - 1);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    elapse(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('while the pointer is over it the clock stops, and it closes with the time that was left once it leaves', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    show({ title: 'Saved' });
    elapse(3000);

    fireEvent.pointerOver(toastNamed('Saved'));
    elapse(DURATION * 3);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    fireEvent.pointerLeave(screen.getByRole('region', { name: 'Notifications (F8)' }));
    elapse(DURATION - 3000 - 1);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    elapse(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('while focus is in it the clock stops, and runs again once focus leaves', () => {
    vi.useFakeTimers();
    render(
      <>
        <button type="button">Elsewhere</button>
        <Toaster />
      </>,
    );
    show({ title: 'Saved' });

    act(() => screen.getByRole('button', { name: 'Close notification' }).focus());
    elapse(DURATION * 3);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    elapse(DURATION - 1);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    elapse(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('F8 moves focus to the notification region; Escape there closes the toast and gives focus back', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Search" />
        <Toaster />
      </>,
    );
    show({ title: 'Review submitted!', variant: 'success' });
    await user.click(screen.getByRole('textbox', { name: 'Search' }));

    await user.keyboard('[F8]');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
    expect(screen.getByText('Review submitted!')).toBeInTheDocument();

    await user.keyboard('[Escape]');
    expect(screen.queryByText('Review submitted!')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('Escape outside the region leaves the toast alone (it may be closing a dialog)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Search" />
        <Toaster />
      </>,
    );
    show({ title: 'Review submitted!' });
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('[Escape]');
    expect(screen.getByText('Review submitted!')).toBeInTheDocument();
  });

  it('the close button, named from the catalogue, dismisses the toast', async () => {
    render(<Toaster />);
    show({ title: 'Message sent!' });

    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));

    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
  });

  it('a swipe right of 50 px dismisses it; 49 px puts it back', () => {
    render(<Toaster />);
    show({ title: 'Saved' });
    const swipe = (distance: number) => {
      const item = toastNamed('Saved');
      fireEvent.pointerDown(item, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(item, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
    };

    swipe(LIMITS.toastSwipeThresholdPx - 1);
    expect(toastNamed('Saved')).toHaveAttribute('data-state', 'open');
    expect(toastNamed('Saved')).not.toHaveAttribute('data-swipe');

    swipe(LIMITS.toastSwipeThresholdPx);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
