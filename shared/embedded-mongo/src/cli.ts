import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './server';

const USAGE =
  'usage: nomadswap-mongo [--port 27018] [--host 127.0.0.1] [--dbpath DIR] [--ttl-interval-ms 60000]';

/** Entry point of the `nomadswap-mongo` bin: starts the server and stops it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '27018' },
      host: { type: 'string', default: '127.0.0.1' },
      dbpath: { type: 'string' },
      'ttl-interval-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port}\n${USAGE}`);
  const ttl = values['ttl-interval-ms'] === undefined ? undefined : Number(values['ttl-interval-ms']);
  const server = await startEmbeddedMongo({
    port,
    host: values.host,
    dbPath: values.dbpath,
    ttlMonitorIntervalMs: ttl,
  });
  process.stdout.write(`embedded-mongo listening on ${server.uri}\n`);

  let exiting = false;
  const shutdown = (signal: string): void => {
    if (exiting) return;
    exiting = true;
    process.stderr.write(`embedded-mongo: ${signal} received, flushing and stopping\n`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`embedded-mongo: error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`embedded-mongo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
