import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadIdle } from '../hooks/use-after-load-idle';
import { toast } from '../hooks/use-toast';
import { AppProviders } from './providers';

const region = () => screen.queryByRole('region', { name: /Notifications/ });

/** The page has loaded and the browser was idle (a callback queued after the providers' own ran). */
const idleTimePasses = () =>
  act(async () => {
    await new Promise<void>((resolve) => afterLoadIdle(() => resolve()));
    await import('../components/ui/toaster');
  });

function renderPage() {
  render(
    <AppProviders>
      <p>page</p>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.doUnmock('../components/ui/toaster');
  vi.resetModules();
});

describe('AppProviders: the toast region', () => {
  it('arrives once the page has loaded and the browser is idle, without anyone pressing anything', async () => {
    renderPage();
    await idleTimePasses();
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('arrives with the first press, before the idle time', async () => {
    renderPage();
    expect(region()).toBeNull();
    fireEvent.pointerDown(screen.getByText('page'));
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('a toast raised before the region arrived shows once it has', async () => {
    renderPage();
    act(() => void toast({ title: 'Saved' }));
    const toasts = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await toasts.findByText('Saved')).toBeInTheDocument();
  });

  it('a region that cannot be fetched (offline) leaves the page on screen, not the error screen', async () => {
    vi.resetModules();
    vi.doMock('../components/ui/toaster', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/toaster.js');
    });
    const { AppProviders: Providers } = await import('./providers');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <Providers>
          <p>page</p>
        </Providers>,
      );
      fireEvent.pointerDown(screen.getByText('page'));
      // The failed import is reported to the console by the boundary: the sentinel that it was tried.
      await vi.waitFor(() => expect(quiet).toHaveBeenCalled());
      expect(screen.getByText('page')).toBeInTheDocument();
      expect(screen.queryByText('Something went wrong')).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
