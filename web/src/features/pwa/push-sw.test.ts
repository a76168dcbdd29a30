import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** public/push-sw.js run against a fake service-worker global, as importScripts runs it in sw.js. */
function loadWorker(tabs: { url: string }[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const clients = tabs.map((tab) => ({
    url: tab.url,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    navigate: vi.fn(async (url: string) => ({ url })),
  }));
  const worker = {
    location: { origin: 'https://nomadswap.example' },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async (url: string) => ({ url })),
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
  } as Record<string, unknown> & {
    registration: { showNotification: ReturnType<typeof vi.fn> };
    clients: { matchAll: ReturnType<typeof vi.fn>; openWindow: ReturnType<typeof vi.fn> };
  };
  const source = fs.readFileSync(path.resolve(__dirname, '../../../public/push-sw.js'), 'utf8');
  new Function('self', source)(worker);
  /** Dispatches `type` like the browser would, and resolves with what the handler gave waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    return work;
  };
  return { worker, clients, dispatch };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => payload } });
const click = (url: unknown) => ({ notification: { close: vi.fn(), data: { url } } });

describe('push-sw.js', () => {
  it('shows the pushed title and body, tagged by conversation, carrying the url', async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch(
      'push',
      pushEvent({
        title: 'NomadSwap',
        body: 'New message from Ana',
        url: '/messages?user=a1',
        tag: 'conversation-a1',
      }),
    );
    expect(worker.registration.showNotification).toHaveBeenCalledWith('NomadSwap', {
      body: 'New message from Ana',
      tag: 'conversation-a1',
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/messages?user=a1' },
    });
  });

  it('shows a plain NomadSwap notification for a payload it cannot read', async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    expect(worker.registration.showNotification).toHaveBeenCalledWith(
      'NomadSwap',
      expect.objectContaining({ tag: 'nomadswap', data: { url: '/' } }),
    );
  });

  it('a click focuses an open NomadSwap tab and navigates it to the conversation', async () => {
    const { worker, clients, dispatch } = loadWorker([
      { url: 'https://elsewhere.example/' },
      { url: 'https://nomadswap.example/browse' },
    ]);
    const event = click('/messages?user=a1');
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(clients[1]!.focus).toHaveBeenCalled();
    expect(clients[1]!.navigate).toHaveBeenCalledWith('https://nomadswap.example/messages?user=a1');
    expect(clients[0]!.focus).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a click with no NomadSwap tab open opens one on the url', async () => {
    const { worker, dispatch } = loadWorker([]);
    await dispatch('notificationclick', click('/messages?user=a1'));
    expect(worker.clients.openWindow).toHaveBeenCalledWith('https://nomadswap.example/messages?user=a1');
  });

  it('never opens another site, whatever the payload says', async () => {
    const { worker, dispatch } = loadWorker([]);
    await dispatch('notificationclick', click('https://evil.example/phish'));
    expect(worker.clients.openWindow).toHaveBeenCalledWith('https://nomadswap.example/');
  });
});
