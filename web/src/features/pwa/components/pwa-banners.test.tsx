import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_BANNER_DISMISSED_KEY } from '../../../config/storage-keys';
import { resetInstallPrompt } from '../../../hooks/use-install-prompt';
import { InstallBanner } from './install-banner';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** Chromium's `beforeinstallprompt`, with a prompt the test can watch. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  vi.restoreAllMocks();
  resetInstallPrompt();
  window.localStorage.clear();
});

describe('OfflineBanner', () => {
  it('when the connection drops, says the app is offline, and hides again once it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByText(/you're offline/i)).not.toBeInTheDocument();

    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(/you're offline\. you can still see pages/i);

    setOnline(true);
    expect(screen.queryByText(/you're offline/i)).not.toBeInTheDocument();
  });
});

describe('InstallBanner', () => {
  it('stays hidden while the browser offers no install and the device is not iOS', () => {
    render(<InstallBanner />);
    expect(screen.queryByRole('heading', { name: 'Install NomadSwap' })).not.toBeInTheDocument();
  });

  it('when the browser offers the install, Install opens the browser dialog', async () => {
    render(<InstallBanner />);
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Accepted: the app is installed, the banner goes.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Install NomadSwap' })).not.toBeInTheDocument(),
    );
  });

  it('once closed, is not offered again on the next visit', async () => {
    const { unmount } = render(<InstallBanner />);
    offerInstall();
    await userEvent.click(screen.getByRole('button', { name: 'Close install banner' }));
    expect(screen.queryByRole('heading', { name: 'Install NomadSwap' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY)).toBe('1');
    unmount();

    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByRole('heading', { name: 'Install NomadSwap' })).not.toBeInTheDocument();
  });

  it('on an iPhone, explains Add to Home Screen instead of an Install button', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
    );
    render(<InstallBanner />);
    expect(screen.getByRole('heading', { name: 'Install NomadSwap' })).toBeInTheDocument();
    expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });
});

describe('UpdatePrompt', () => {
  it('says an update is available; Reload and Later do what they say', async () => {
    const onReload = vi.fn();
    const onDismiss = vi.fn();
    render(<UpdatePrompt onReload={onReload} onDismiss={onDismiss} />);
    expect(screen.getByRole('heading', { name: 'Update available' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
