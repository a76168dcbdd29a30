import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../hooks/use-toast';
import { AppProviders } from './providers';

function renderPage() {
  render(
    <AppProviders>
      <p>page</p>
    </AppProviders>,
  );
}

describe('AppProviders: the toast region', () => {
  it('is on the page with its first render: nothing to fetch, no press or idle time to wait for', () => {
    renderPage();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('a toast raised before the page rendered shows with it', () => {
    act(() => void toast({ title: 'Signed out' }));
    renderPage();
    const region = within(screen.getByRole('region', { name: 'Notifications (F8)' }));
    expect(region.getByText('Signed out')).toBeInTheDocument();
  });

  it('a toast raised on a page that went offline shows at once, the page stays on screen', () => {
    renderPage();
    act(() => {
      window.dispatchEvent(new Event('offline'));
      toast({ title: 'Failed to send', variant: 'destructive' });
    });
    const region = within(screen.getByRole('region', { name: 'Notifications (F8)' }));
    expect(region.getByText('Failed to send')).toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
