import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetInstallPrompt } from '../../hooks/use-install-prompt';
import { Footer } from './footer';

afterEach(() => resetInstallPrompt());

describe('Footer: Mobile App', () => {
  it('without an install offer, leads to the install section with the steps for iPhone and Android', () => {
    render(<Footer />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Mobile App' })).toHaveAttribute('href', '/#install-app');
    expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeInTheDocument();
  });

  it('when the browser offers the install, opens its install dialog', async () => {
    render(<Footer />, { wrapper: MemoryRouter });
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
