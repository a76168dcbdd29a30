import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MESSAGING_SETTINGS } from '@nomadswap/contracts/messaging';
import { renderApp } from '../testing/render-app';
import { buildUser, requestBody, signInAs } from '../testing/api-mock';

const me = buildUser({ id: '65f1a2b3c4d5e6f708192a3b', fullName: 'Lena Traveller' });
const publicKey = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: { p256dh: 'BNcR', auth: 'tBHI' },
};

/** A browser with push: a service worker registration whose pushManager subscribes, and Notification. */
function stubPushBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  const subscribe = vi.fn(async () => ({
    ...subscription,
    toJSON: () => subscription,
    unsubscribe: vi.fn(),
  }));
  const registration = { pushManager: { getSubscription: vi.fn(async () => null), subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration) },
  });
  return { requestPermission, subscribe };
}

const settingsRoutes = {
  'GET /api/messaging/settings': { body: DEFAULT_MESSAGING_SETTINGS },
  'PUT /api/messaging/settings': { body: { ...DEFAULT_MESSAGING_SETTINGS, pushSwaps: false } },
  'GET /api/push/key': { body: { publicKey } },
  'POST /api/push/subscriptions': { status: 201, body: { subscribed: true } },
};

const card = () => screen.findByRole('region', { name: 'Push and e-mail notifications' });

describe('/profile notifications', () => {
  it('asks for permission only after the tap, then subscribes this device with the server key', async () => {
    const browser = stubPushBrowser('default');
    const fetchMock = signInAs(me, settingsRoutes);
    renderApp('/profile');
    const section = await card();
    const turnOn = await within(section).findByRole('button', { name: 'Turn on' });
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(turnOn);
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Turn off' })).toBeEnabled());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(requestBody(fetchMock, 'POST', '/api/push/subscriptions')).toEqual(subscription);
    expect(within(section).getByRole('status')).toHaveTextContent(
      'On: this device shows NomadSwap notifications',
    );
  });

  it('says so when notifications are blocked, and offers no button', async () => {
    stubPushBrowser('denied');
    signInAs(me, settingsRoutes);
    renderApp('/profile');
    const section = await card();
    expect(await within(section).findByText(/Notifications are blocked for NomadSwap/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it('says so when the browser has no push at all', async () => {
    signInAs(me, settingsRoutes);
    renderApp('/profile');
    const section = await card();
    expect(await within(section).findByText(/This browser cannot show notifications/)).toBeInTheDocument();
  });

  it('shows a switch per kind and channel and saves the one changed', async () => {
    const fetchMock = signInAs(me, settingsRoutes);
    renderApp('/profile');
    const section = await card();
    const swapsByPush = await within(section).findByRole('checkbox', {
      name: 'Swap requests and answers by Push',
    });
    expect(swapsByPush).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'New messages by E-mail' })).toBeChecked();
    expect(
      within(section).getByRole('checkbox', { name: 'Show message text in push notifications' }),
    ).not.toBeChecked();
    expect(within(section).getAllByRole('checkbox')).toHaveLength(9);

    await userEvent.click(swapsByPush);
    await waitFor(() => expect(swapsByPush).not.toBeChecked());
    expect(requestBody(fetchMock, 'PUT', '/api/messaging/settings')).toEqual({ pushSwaps: false });
  });
});
