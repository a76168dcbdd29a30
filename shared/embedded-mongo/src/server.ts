import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { commands } from './commands';
import { serveConnection } from './connection';
import { Engine } from './engine';

export interface EmbeddedMongoOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Data directory for the journal and snapshots; memory only when omitted. */
  dbPath?: string;
  /** Receives log lines (startup, recovery warnings, dropped connections); default stderr. */
  log?: (line: string) => void;
  /** How often expired TTL documents are deleted (mongod: 60 s). */
  ttlMonitorIntervalMs?: number;
  /** Journal size that triggers a snapshot (default 64 MiB). */
  compactionThresholdBytes?: number;
}

export interface EmbeddedMongo {
  /** Connection string, e.g. mongodb://127.0.0.1:27018 */
  uri: string;
  port: number;
  /** Closes all connections, flushes and closes the journal. Idempotent. */
  stop(): Promise<void>;
}

function uriHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the embedded MongoDB-compatible server and resolves once it accepts connections.
 * With `dbPath` every acknowledged write is in the journal before the reply is sent.
 */
export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const engine = new Engine(
    {
      dbPath: options.dbPath,
      log,
      ttlMonitorIntervalMs: options.ttlMonitorIntervalMs ?? 60_000,
      compactionThresholdBytes: options.compactionThresholdBytes ?? 64 * 1024 * 1024,
    },
    commands,
  );
  const sockets = new Set<net.Socket>();
  let nextConnectionId = 1;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveConnection(socket, engine, nextConnectionId++);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    engine.close();
    throw err;
  }
  server.on('error', (err) => log(`embedded-mongo: server error: ${err.message}`));
  const port = (server.address() as AddressInfo).port;

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    }).then(() => engine.close());
    return stopping;
  };
  return { uri: `mongodb://${uriHost(host)}:${port}`, port, stop };
}
