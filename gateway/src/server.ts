import http from 'node:http';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { loadGatewayConfig } from './config';
import { createGateway } from './app';
import { upstreamAgent } from './upstreams';

const config = loadGatewayConfig();
const logger = pino({ name: 'gateway', level: config.LOG_LEVEL });
const redis = new Redis(config.REDIS_URL, {
  lazyConnect: false,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
});
redis.on('error', (error) => logger.warn({ err: error.message }, 'redis error'));

const { app, onUpgrade, closeUpgradedSockets } = createGateway({ config, logger, redis });
const server = http.createServer(app);
server.on('upgrade', onUpgrade);
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info(`gateway listening on http://${config.HOST}:${port}`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(() => {
    upstreamAgent.destroy();
    void redis.quit().finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  closeUpgradedSockets();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled rejection');
  process.exit(1);
});
