import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

const require = createRequire(import.meta.url);

interface TestingServer {
  _app: Express;
  _server?: Server;
  setRequestHandlers(): void;
}
interface TestingModel {
  notifyUrl: string;
}

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * A real RFC 8030 push service on a free loopback port: `web-push-testing` (its model validates the VAPID JWT
 * and decrypts each aes128gcm payload with the subscription's private key, as a browser would).
 */
export interface LocalPushService {
  /** `127.0.0.1:port`, for PUSH_ALLOWED_HOSTS. */
  host: string;
  /** Subscribes a new "browser" with our VAPID public key, like pushManager.subscribe. */
  subscribe(applicationServerKey: string): Promise<TestPushSubscription>;
  /** The decrypted payloads the subscription received, oldest first. */
  received(clientHash: string): Promise<string[]>;
  /** Waits until the subscription has received `count` payloads (polls; rejects after `timeoutMs`). */
  waitFor(clientHash: string, count: number, timeoutMs?: number): Promise<string[]>;
  /** The browser unsubscribed: the push service answers 410 from now on. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: TestingModel,
    port: number,
  ) => TestingServer;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => TestingModel;
  };
  const model = new PushApiModel();
  const testing = new WebPushTestingServer(model, 0);
  testing.setRequestHandlers();
  const server = createServer(testing._app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // 127.0.0.1, not localhost: the name may resolve to ::1 first, where nothing listens.
  const base = `http://127.0.0.1:${port}`;
  model.notifyUrl = `${base}/notify/`;

  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.status === 200 ? ((await response.json().catch(() => ({}))) as { data: unknown }) : null;
  };

  const service: LocalPushService = {
    host: `127.0.0.1:${port}`,
    async subscribe(applicationServerKey) {
      // It takes the options as a form would send them: the boolean as a string.
      const answer = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return answer!.data as TestPushSubscription;
    },
    async received(clientHash) {
      const answer = await post('/get-notifications', { clientHash });
      return (answer!.data as { messages: string[] }).messages;
    },
    async waitFor(clientHash, count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const messages = await service.received(clientHash);
        if (messages.length >= count) return messages;
        if (Date.now() > until)
          throw new Error(`${messages.length} of ${count} pushes within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return service;
}
