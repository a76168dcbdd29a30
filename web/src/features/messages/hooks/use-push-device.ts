import { useCallback, useEffect, useState } from 'react';
import { getPushKey, registerPushDevice, unregisterPushDevice } from '../api/push-device';

/**
 * Push on this device: `unsupported` (no service worker, Push API or Notification in this browser), `denied`
 * (the traveller blocked notifications for the site), `off`, `on`; `checking` until the worker answered.
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The base64url VAPID key as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * This device's push state, and turning it on or off. Nothing asks for permission on load: `turnOn` is called
 * from the traveller's tap, and only then does the browser show its prompt.
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>(() =>
    !supported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'checking',
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (state !== 'checking') return;
    let alive = true;
    currentSubscription()
      .then((subscription) => alive && setState(subscription ? 'on' : 'off'))
      .catch(() => alive && setState('off'));
    return () => {
      alive = false;
    };
  }, [state]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const [{ publicKey }, registration] = await Promise.all([
        getPushKey(),
        navigator.serviceWorker.getRegistration(),
      ]);
      if (!registration) throw new Error('no service worker');
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      try {
        await registerPushDevice({ endpoint: json.endpoint, keys: json.keys });
      } catch (error) {
        // The server refused it (another push service, too many devices): don't leave a subscription behind.
        await subscription.unsubscribe().catch(() => undefined);
        throw error;
      }
      setState('on');
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await unregisterPushDevice(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, turnOn, turnOff };
}
