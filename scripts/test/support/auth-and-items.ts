import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findRoute } from '@nomadswap/contracts/routes';
import {
  createAuthTestEnv,
  type AuthTestEnv,
  type AuthTestEnvOptions,
} from '@nomadswap/auth/test/support/auth-test-env';
import {
  createItemsTestEnv,
  type ItemsTestEnv,
  type ItemsTestEnvOptions,
} from '@nomadswap/items/test/support/items-test-env';

export interface AuthAndItems {
  auth: AuthTestEnv;
  items: ItemsTestEnv;
  /** `http://127.0.0.1:<port>`: both apps behind the gateway's route table. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real auth and items apps in-process, sharing sessions (tokens, user states) and the event stream as the
 * real services do, with items consuming auth's events; one local server routes each path to its owner by
 * the gateway's table.
 */
export async function startAuthAndItems(
  options: { auth?: AuthTestEnvOptions['settings']; items?: ItemsTestEnvOptions['settings'] } = {},
): Promise<AuthAndItems> {
  const items = await createItemsTestEnv({ settings: options.items, consumeEvents: true });
  const auth = await createAuthTestEnv({ settings: options.auth, shareWith: items.stores });
  const server: Server = createServer((req, res) => {
    const owner = findRoute(new URL(req.url ?? '/', 'http://local').pathname)?.service;
    (owner === 'auth' ? auth.app : items.app)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    auth,
    items,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await auth.close();
      await items.close();
    },
  };
}
