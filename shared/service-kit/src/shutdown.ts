import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { Logger } from 'pino';

/** One thing to close at shutdown, in order (e.g. event bus, BullMQ worker, Socket.IO, Redis, MongoDB). */
export interface ShutdownStep {
  name: string;
  run: () => unknown;
}

export interface RunUntilSignalledOptions {
  server: Server;
  logger: Logger;
  /** After this long the process exits with 1 whatever is still open. */
  timeoutMs: number;
  steps: ShutdownStep[];
  /** For tests: where signals and process errors come from, and how to exit. Default `process`. */
  processLike?: EventEmitter;
  exit?: (code: number) => void;
}

export interface ShutdownControl {
  /** Runs the shutdown as a signal would; resolves when done (before exit is called). */
  shutdown(reason: string): Promise<void>;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Graceful shutdown. On SIGTERM/SIGINT: stop accepting connections, close idle keep-alive sockets, wait for the
 * in-flight HTTP requests, run `steps` in order (a failing step is logged, the next still runs), close what is
 * left of the server, exit 0 — or exit 1 once `timeoutMs` has passed. A second signal exits at once.
 * `unhandledRejection`/`uncaughtException` are logged and end the process with 1.
 * Call it right after `listen`: only requests that start afterwards are tracked.
 */
export function runUntilSignalled(options: RunUntilSignalledOptions): ShutdownControl {
  const { server, logger, timeoutMs, steps } = options;
  const proc = options.processLike ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));

  let shuttingDown: Promise<void> | undefined;
  let active = 0;
  let drained: (() => void) | undefined;
  server.on('request', (_req, res: NodeJS.EventEmitter) => {
    active += 1;
    res.once('close', () => {
      active -= 1;
      // Keep-alive sockets become idle once their request ends; while draining they must not linger.
      if (shuttingDown) server.closeIdleConnections();
      if (active === 0) drained?.();
    });
  });

  async function shutdown(reason: string): Promise<void> {
    if (shuttingDown) return shuttingDown;
    shuttingDown = (async () => {
      logger.info({ reason }, 'shutting down');
      const force = setTimeout(() => {
        logger.error({ timeoutMs }, 'shutdown timed out; forcing exit');
        exit(1);
      }, timeoutMs);
      force.unref();

      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (active > 0) await new Promise<void>((resolve) => (drained = resolve));

      for (const step of steps) {
        try {
          await step.run();
          logger.debug({ step: step.name }, 'shutdown step done');
        } catch (error) {
          logger.error({ err: error, step: step.name }, 'shutdown step failed');
        }
      }
      // Upgraded sockets (WebSockets) are not requests: whatever the steps did not close goes now.
      server.closeAllConnections();
      await closed;
      clearTimeout(force);
      logger.info('shutdown complete');
    })();
    return shuttingDown;
  }

  for (const signal of SIGNALS) {
    proc.on(signal, () => {
      if (shuttingDown) {
        logger.warn({ signal }, 'second signal; exiting now');
        exit(1);
        return;
      }
      void shutdown(signal).then(() => exit(0));
    });
  }
  proc.on('unhandledRejection', (reason: unknown) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    exit(1);
  });
  proc.on('uncaughtException', (error: Error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    exit(1);
  });

  return { shutdown };
}
