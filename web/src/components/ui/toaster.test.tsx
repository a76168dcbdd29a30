import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toast } from '../../hooks/use-toast';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('shows one toast at a time: a new toast replaces the previous one', async () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Item updated successfully!' });
    });
    expect(await screen.findByText('Item updated successfully!')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Failed to update item', description: 'Please try again.', variant: 'destructive' });
    });

    expect(await screen.findByText('Failed to update item')).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Item updated successfully!')).not.toBeInTheDocument();
  });

  it('F8 moves focus to the notification region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Review submitted!', variant: 'success' });
    });
    await screen.findByText('Review submitted!');

    // Radix matches the hotkey on `event.code`, which the bracket syntax sets.
    await userEvent.keyboard('[F8]');

    // Radix labels the region and focuses the list of toasts inside it.
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(within(region).getByRole('list')).toHaveFocus();
  });

  it('the close button dismisses the toast', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message sent!' });
    });
    await screen.findByText('Message sent!');

    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));

    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
  });
});
