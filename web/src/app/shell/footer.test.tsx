import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetInstallPrompt } from '../../hooks/use-install-prompt';
import { createQueryClient } from '../../lib/query-client';
import { Footer } from './footer';

/** The footer reads the support address from GET /api/config through React Query. */
function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

afterEach(() => resetInstallPrompt());

describe('Footer: Mobile App', () => {
  it('without an install offer, leads to the install section with the steps for iPhone and Android', () => {
    render(<Footer />, { wrapper });
    expect(screen.getByRole('link', { name: 'Mobile App' })).toHaveAttribute('href', '/#install-app');
    expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeInTheDocument();
  });

  it('when the browser offers the install, opens its install dialog', async () => {
    render(<Footer />, { wrapper });
    const prompt = vi.fn(async () => {});
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt,
          userChoice: Promise.resolve({ outcome: 'accepted' as const }),
        }),
      );
    });

    await userEvent.click(screen.getByRole('link', { name: 'Mobile App' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(
        screen.getByText('NomadSwap is installed on this device. Open it from your home screen.'),
      ).toBeInTheDocument(),
    );
  });
});
