import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  createAuthMiddleware,
  createTokenService,
  createUserStateStore,
  type AuthMiddleware,
  type TokenService,
  type UserStateStore,
} from './auth';
import { ConfigError, type BaseServiceConfig } from './config';
import { createEventBus, type EventBus } from './events';
import { createLogger } from './logger';
import { connectMongo } from './mongo';
import { closeRedis, createRedis } from './redis';
import { runUntilSignalled, type ShutdownControl, type ShutdownStep } from './shutdown';

/** Everything a service's setup gets, already connected. */
export interface ServiceContext<C extends BaseServiceConfig = BaseServiceConfig> {
  name: string;
  config: C;
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  /** Register handlers in setup; the bus starts consuming once setup returns. */
  bus: EventBus;
  tokens: TokenService;
  userState: UserStateStore;
  auth: AuthMiddleware;
}

/** What a service's setup returns. */
export interface ServiceParts {
  app: Express;
  /** Closed before the event bus, Redis and MongoDB (e.g. BullMQ workers). */
  steps?: ShutdownStep[];
  /** Called with the HTTP server before it listens (e.g. to attach Socket.IO); may return more steps. */
  attach?: (server: Server) => ShutdownStep[] | void | Promise<ShutdownStep[] | void>;
}

export interface StartServiceOptions<C extends BaseServiceConfig> {
  name: string;
  /** Loads the service's configuration (usually `() => loadConfig(schema)`); a ConfigError ends the process with its message. */
  config: () => C;
  setup: (context: ServiceContext<C>) => ServiceParts | Promise<ServiceParts>;
  /**
   * Default true. False for a process that only publishes, such as a job worker running beside its service:
   * it creates no consumer group and reads nothing, so it never takes (and acknowledges) events meant for the
   * service's own handlers.
   */
  consumeEvents?: boolean;
}

export interface RunningService<C extends BaseServiceConfig> {
  context: ServiceContext<C>;
  server: Server;
  url: string;
  shutdown: ShutdownControl['shutdown'];
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Starts a service the same way everywhere: config → logger → MongoDB → Redis → event bus → the service's
 * setup (app, handlers, extra steps) → listen → bus consuming → graceful shutdown on SIGTERM/SIGINT. Logs
 * `"<name> listening on http://HOST:PORT"`. Any start-up failure is logged and exits with 1.
 */
export async function startService<C extends BaseServiceConfig>(
  options: StartServiceOptions<C>,
): Promise<RunningService<C>> {
  let config: C;
  try {
    config = options.config();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${options.name}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const opened: ShutdownStep[] = [];
  const closeOpened = async () => {
    for (const step of [...opened].reverse()) await Promise.resolve(step.run()).catch(() => undefined);
  };

  try {
    const mongo = await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB, logger });
    opened.push({ name: 'mongo', run: () => mongo.close() });
    const redis = createRedis(config.REDIS_URL, { name: options.name, logger });
    opened.push({ name: 'redis', run: () => closeRedis(redis) });
    const bus = createEventBus({
      redis,
      stream: config.EVENTS_STREAM,
      service: options.name,
      logger,
      outbox: { mongo },
    });
    const tokens = createTokenService({
      secret: config.JWT_SECRET,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      redis,
    });
    const userState = createUserStateStore({ redis });
    const auth = createAuthMiddleware({ tokens, userState });
    const context: ServiceContext<C> = {
      name: options.name,
      config,
      logger,
      mongo,
      redis,
      bus,
      tokens,
      userState,
      auth,
    };

    const parts = await options.setup(context);
    const server = createServer(parts.app);
    const attached = (await parts.attach?.(server)) ?? [];
    await listen(server, config.PORT, config.HOST);
    opened.push({ name: 'http', run: () => new Promise((resolve) => server.close(resolve)) });
    if (options.consumeEvents !== false) await bus.start();
    // API and worker processes alike: what a previous run left in the outbox goes out now.
    bus.startRelay();

    const { port } = server.address() as AddressInfo;
    const url = `http://${config.HOST}:${port}`;
    const { shutdown } = runUntilSignalled({
      server,
      logger,
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      steps: [
        ...(parts.steps ?? []),
        ...attached,
        { name: 'event bus', run: () => bus.stop() },
        { name: 'redis', run: () => closeRedis(redis) },
        { name: 'mongo', run: () => mongo.close() },
      ],
    });
    logger.info(`${options.name} listening on ${url}`);
    return { context, server, url, shutdown };
  } catch (error) {
    logger.fatal({ err: error }, `${options.name} failed to start`);
    await closeOpened();
    process.exit(1);
  }
}
