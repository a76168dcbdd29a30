import http from 'node:http';
import type { ServiceName } from '@nomadswap/contracts/routes';
import type { GatewayConfig } from './config';

export type Upstreams = Record<ServiceName, string>;

export function upstreamsFrom(config: GatewayConfig): Upstreams {
  return {
    auth: config.AUTH_URL,
    items: config.ITEMS_URL,
    messaging: config.MESSAGING_URL,
    moderation: config.MODERATION_URL,
  };
}

/** One keep-alive agent for all upstreams: reusing sockets is most of the gateway's latency budget. */
export const upstreamAgent = new http.Agent({
  keepAlive: true,
  maxSockets: 512,
  maxFreeSockets: 64,
  timeout: 60_000,
});
