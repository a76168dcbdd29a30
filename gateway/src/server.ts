import http from 'node:http';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { runUntilSignalled } from '@nomadswap/service-kit/shutdown';
import { loadGatewayConfig } from './config';
import { createGateway, httpServerOptions } from './app';
import { upstreamAgent } from './upstreams';

/** After this long a shutdown exits with 1 whatever is still open. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const config = loadGatewayConfig();
// Buffered, asynchronous stdout: a line per proxied request written with a blocking write() each was the
// largest single cost on the gateway's hot path (bench/gateway.ts profile). Lines gather up to 4 KB and go out
// together, at the latest every 250 ms (so the launcher still shows them at once to a person); pino writes what
// is left synchronously on exit.
const logger = pino(
  { name: 'gateway', level: config.LOG_LEVEL },
  pino.destination({ sync: false, minLength: 4096, periodicFlush: 250 }),
);
const redis = new Redis(config.REDIS_URL, {
  lazyConnect: false,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
});
redis.on('error', (error) => logger.warn({ err: error.message }, 'redis error'));

const { app, onUpgrade, closeUpgradedSockets, stopDiscovery } = createGateway({ config, logger, redis });
const server = http.createServer(httpServerOptions(config), app);
server.on('upgrade', onUpgrade);
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info(`gateway listening on http://${config.HOST}:${port}`);
});

// The kit's shutdown, as every service has it: on SIGTERM/SIGINT stop accepting, let the proxied requests in
// flight finish, then close the rest; an unhandled rejection or uncaught exception ends the process with 1.
runUntilSignalled({
  server,
  logger,
  timeoutMs: SHUTDOWN_TIMEOUT_MS,
  steps: [
    // Chat clients reconnect to another replica.
    { name: 'websockets', run: closeUpgradedSockets },
    { name: 'upstream discovery', run: stopDiscovery },
    { name: 'upstream sockets', run: () => upstreamAgent.destroy() },
    { name: 'redis', run: () => redis.quit() },
  ],
});
